-- Le kems's effects (rulesets/kems.yaml): the table's renewal, the secret sign and how it
-- leaks, the calls (kems, double kems, contre kems, guessing the sign, wrong calls) and the
-- points. The exchanges and the row of passes are the YAML's (keep, ask, count). Players
-- are numbered from 1; partners sit opposite (1 and 3, 2 and 4).

local GESTURES = {nose = 1, ear = 2, chin = 3, wink = 4, cough = 5, hair = 6}
local GESTURE_COUNT = 6

local function partner(p) return tapis.partners(p)[1] end  -- teams: 2, so one partner
local function opponents(p) return {p % 4 + 1, (p + 2) % 4 + 1} end

-- "Réunir 4 cartes de valeur identique": the whole hand of four, one rank.
local function has_kems(p)
  local hand = tapis.cards("hand", p)
  if #hand ~= 4 then return false end
  for i = 2, 4 do
    if hand[i].rank ~= hand[1].rank then return false end
  end
  return true
end

-- Both partners keep their team's points of the deal, so each scores them. The match ends
-- the moment a team reaches the target, calls being scored as they are made.
local function add_points(p, n)
  if n == 0 then return end
  local points = tapis.get("points", p) + n
  tapis.set("points", points, p)
  tapis.set("points", points, partner(p))
  if tapis.total(p) + points >= tapis.param("target") then tapis.end_game() end
end

-- A gesture from 1 to 6 other than `avoid` (0: any), drawn from the game's seed.
local function gesture_except(avoid)
  if avoid == 0 then return tapis.random(GESTURE_COUNT) end
  local g = tapis.random(GESTURE_COUNT - 1)
  if g >= avoid then g = g + 1 end
  return g
end

-- "Les partenaires doivent s'entendre sur un signe secret": which one is chance's choice.
local function new_sign(p)
  local sign = gesture_except(tapis.get("sign", p))
  tapis.set("sign", sign, p)
  tapis.set("sign", sign, partner(p))
end

-- Whether one opponent catches one sign, as the `leak` parameter says.
local function catches()
  local leak = tapis.param("leak")
  if leak == "never" then return false end
  if leak == "always" then return true end
  local chance = tapis.param("leak_chance")
  if chance <= 0 then return false end
  return chance >= 100 or tapis.random(100) <= chance
end

local function seen(o, gesture, from)
  tapis.set("caught", gesture, o)
  tapis.set("caught_from", from, o)
end

-- "Dès que quelqu'un a 4 cartes identiques, il doit faire le signe secret convenu avec son
-- partenaire": the partner is told; each opponent may catch it.
local function make_sign(p)
  tapis.set("told", 1, partner(p))
  for _, o in ipairs(opponents(p)) do
    if catches() then seen(o, tapis.get("sign", p), p) end
  end
end

function deal_start()
  if tapis.get("sign", 1) == 0 then new_sign(1) end
  if tapis.get("sign", 2) == 0 then new_sign(2) end
  for p = 1, 4 do
    for _, v in ipairs({"told", "caught", "caught_from", "points"}) do tapis.set(v, 0, p) end
  end
  tapis.set("table_age", 0)
  for p = 1, 4 do
    if has_kems(p) then make_sign(p) end
  end
end

function on_put(move)
  if has_kems(move.player) then make_sign(move.player) end
end

-- "C'est le partenaire qui doit annoncer : Kems !" — 2 points, or 4 for a double kems when
-- the caller holds one too; wrong, "1 point donné à l'adversaire" (parameters).
function on_kems(move)
  local p = move.player
  tapis.set("told", 0, p)
  if has_kems(partner(p)) then
    add_points(p, tapis.param(has_kems(p) and "double_kems_points" or "kems_points"))
    tapis.end_round()
  else
    add_points(opponents(p)[1], tapis.param("wrong_call_points"))
  end
end

-- "Si on pense qu'un adversaire a un kems que son partenaire n'a pas encore annoncé, on
-- peut le contrer" — 1 point, and their kems is lost with the deal; wrong, a wrong call.
function on_contre(move)
  local p = move.player
  local them = opponents(p)
  if has_kems(them[1]) or has_kems(them[2]) then
    add_points(p, 1)
    tapis.end_round()
  else
    add_points(them[1], tapis.param("wrong_call_points"))
  end
end

-- "Deviner le signe secret des adversaires : 1 point"; they agree on a new one.
function on_guess(move)
  local p = move.player
  local them = opponents(p)[1]
  if GESTURES[move.option] == tapis.get("sign", them) then
    add_points(p, 1)
    new_sign(them)
    seen(p, 0, 0)
    seen(partner(p), 0, 0)
  else
    add_points(them, tapis.param("wrong_guess_points"))
  end
end

-- Gestures that are no sign, seen by opponents of the player who just played.
local function noise(p)
  local percent = tapis.param("noise")
  if percent <= 0 then return end
  for _, o in ipairs(opponents(p)) do
    if tapis.random(100) <= percent then seen(o, gesture_except(tapis.get("sign", p)), p) end
  end
end

-- "Jusqu'à ce que celles qui restent sur la table n'intéressent plus personne. On les
-- écarte alors et on en met 4 nouvelles, prises dans le talon."
function turn_end()
  noise(tapis.current())
  local age = tapis.get("table_age") + 1
  tapis.set("table_age", age)
  if tapis.get("passes") < 4 and age < tapis.param("table_turns") then return end
  tapis.say("%s: %s", tapis.get("passes") >= 4 and "nobody wants the table's cards"
      or "the table has stood " .. age .. " turns",
      tapis.count("stock") == 0 and "no stock left for a new table, the deal ends" or "4 new cards from the stock")
  for _, c in ipairs(tapis.cards("table")) do tapis.move(c, "discard") end
  tapis.set("passes", 0)  -- a fresh table: its own row of passes
  tapis.set("table_age", 0)
  if tapis.count("stock") == 0 then
    tapis.end_round()  -- no fresh table: the deal ends without a kems
  else
    tapis.draw("stock", "table", 4)
  end
end

-- Bots ---------------------------------------------------------------------------------
-- A bot judges its moves on samples of what it cannot see (docs/bots.md). What its seat
-- was told must hold in them: partners share a sign, and so do opponents; a partner who
-- made the sign holds a kems; a gesture caught from an opponent is their sign, and they
-- hold a kems, as often as a caught gesture is one (below).

-- Gives `p` four cards of one rank, from cards `me` cannot see (other hands, the stock;
-- a hand that holds a kems keeps it), each exchanged with one of `p`'s other cards.
local function deal_kems(p, me)
  if has_kems(p) then return end
  local where = {}  -- rank -> {{card, zone, owner}, ...} of the cards `me` cannot see
  local function note(zone, owner)
    for _, c in ipairs(tapis.cards(zone, owner)) do
      where[c.rank] = where[c.rank] or {}
      table.insert(where[c.rank], {card = c, zone = zone, owner = owner})
    end
  end
  note("stock")
  for q = 1, 4 do
    if q ~= me and (q == p or not has_kems(q)) then note("hand", q) end
  end
  local ranks = {}
  for rank, cards in pairs(where) do
    if #cards == 4 then ranks[#ranks + 1] = rank end
  end
  if #ranks == 0 then return end
  table.sort(ranks)  -- pairs() has no fixed order; the sample must not depend on it
  local rank = ranks[tapis.random(#ranks)]
  local others = {}
  for _, c in ipairs(tapis.cards("hand", p)) do
    if c.rank ~= rank then others[#others + 1] = c end
  end
  for _, place in ipairs(where[rank]) do
    if not (place.zone == "hand" and place.owner == p) then
      local out = table.remove(others)
      tapis.move(place.card, "hand", p)
      tapis.move(out, place.zone, place.owner)
    end
  end
end

-- Percent of the gestures caught that are the sign: leaks against the noise of about ten
-- turns (a rough figure: kems are rare, idle gestures come every turn).
local function caught_is_sign()
  local leak = tapis.param("leak")
  if leak == "never" then return 0 end
  local noise = tapis.param("noise")
  if noise == 0 then return 100 end
  local chance = leak == "always" and 100 or tapis.param("leak_chance")
  return chance * 100 // (chance + 10 * noise)
end

-- A caught gesture is taken for the sign in every sample when it more likely is one than
-- not (so with leak always or no noise, not with the defaults: a third), else in none. A
-- coin flipped in each sample made the greedy bot's average of a few dozen samples swing,
-- and it called on noise.
function bot_sample(me)
  local mate, them = partner(me), opponents(me)
  tapis.set("sign", tapis.get("sign", me), mate)
  tapis.set("sign", tapis.get("sign", them[1]), them[2])
  if tapis.get("told", me) == 1 then deal_kems(mate, me) end
  local caught = tapis.get("caught", me)
  if caught ~= 0 and caught_is_sign() > 50 then
    for _, o in ipairs(them) do tapis.set("sign", caught, o) end
    deal_kems(tapis.get("caught_from", me), me)
  end
end

-- How well each player stands: the team's points first, then the most cards of one rank
-- in hand (four make a kems), so that bots exchange towards a kems.
function bot_value()
  local values = {}
  for p = 1, 4 do
    local count, best = {}, 0
    for _, c in ipairs(tapis.cards("hand", p)) do
      count[c.rank] = (count[c.rank] or 0) + 1
      best = math.max(best, math.min(count[c.rank], 4))
    end
    values[p] = 10 * (tapis.total(p) + tapis.get("points", p)) + best
  end
  return values
end
