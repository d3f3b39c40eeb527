-- Le président's effects (rulesets/president.yaml): who leads each round, the exchanges
-- between the Président and the Trou, and the titles (the score is the YAML's formula). Plays, passes, clearing
-- and going out in order are the engine's. Players are numbered from 1.

local PRESIDENT, VICE, NEUTRAL, VICE_TROU, TROU = 1, 2, 3, 4, 5

-- A place out (1 first) as a title: the two first and the two last have one, with four
-- players or more; with three, the middle one is neutral.
local function title_of(place)
  local n = tapis.players()
  if place == 1 then return PRESIDENT end
  if place == n then return TROU end
  if n >= 4 and place == 2 then return VICE end
  if n >= 4 and place == n - 1 then return VICE_TROU end
  return NEUTRAL
end

local function holder(title)
  for p = 1, tapis.players() do
    if tapis.get("title", p) == title then return p end
  end
  return nil
end

-- "Le trou du cul donne ses deux meilleures cartes au président, qui lui en rend deux":
-- the highest card, asked twice; then the Président's two of their choice.
local function exchange(giver, taker, count)
  if giver == nil or taker == nil then return end
  for _ = 1, count do tapis.ask(giver, {moves = "give", to = taker, highest = "rank"}) end
  for _ = 1, count do tapis.ask(taker, {moves = "give", to = giver}) end
end

function round_start()
  local trou = holder(TROU)
  if trou == nil then return end  -- the first round: seat 1 leads
  tapis.set_turn(trou)
  if tapis.param("exchanges") then
    exchange(trou, holder(PRESIDENT), 2)
    exchange(holder(VICE_TROU), holder(VICE), 1)
  end
end

-- The titles of the round just played, for the next one's exchanges.
function round_end()
  for p = 1, tapis.players() do tapis.set("title", title_of(tapis.get("place", p)), p) end
end
