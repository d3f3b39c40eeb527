-- La super-bataille's effects (rulesets/super_bataille.yaml): resolving each trick, with
-- battles on ties and each loser's payment, and the end of the game.

local PAYS = {J = 11, Q = 12, K = 13, Joker = 1}

-- How many cards a turned card counts (its own included).
local function pays(card)
  if card.rank == "A" then return tapis.param("ace_pays") end
  return PAYS[card.rank] or tonumber(card.rank)
end

-- The players among `players` whose top shown card is highest.
local function highest(players)
  local best, tied = -1, {}
  for _, p in ipairs(players) do
    local order = tapis.order(tapis.top("shown", p), "rank")
    if order > best then best, tied = order, {p} elseif order == best then tied[#tied + 1] = p end
  end
  return tied
end

-- "Comme à la Bataille": the tied players each lay a card face down and turn another.
local function battle(tied)
  while #tied > 1 do
    local still = {}
    for _, p in ipairs(tied) do
      if tapis.count("pile", p) >= 2 then
        tapis.draw("pile", p, "shown", p, 2)
        still[#still + 1] = p
      end
    end
    if #still == 0 then return tied[1] end  -- nobody can go on: the first tied player takes it
    tied = highest(still)
  end
  return tied[1]
end

local function resolve()
  local players = tapis.in_play()
  local first_cards = {}
  for _, p in ipairs(players) do first_cards[p] = tapis.top("shown", p) end
  local tied = highest(players)
  local winner = battle(tied)
  local best = tapis.top("shown", winner).code
  if #tied > 1 then
    tapis.say("battle! the trick goes to {player %d}, with %s", winner, best)
  else
    tapis.say("the trick goes to {player %d}, with %s", winner, best)
  end
  -- Each loser pays n - 1 cards from their pile for the card that lost.
  for _, p in ipairs(players) do
    if p ~= winner then
      local lost = first_cards[p]
      for _, q in ipairs(tied) do
        if q == p then lost = tapis.top("shown", p) end
      end
      if pays(lost) > 1 then
        tapis.say("{player %d} must pay %d more for %s", p, pays(lost) - 1, lost.code)
      end
      tapis.draw("pile", p, "shown", p, pays(lost) - 1)
    end
  end
  -- The winner takes the trick under their pile, seat by seat.
  for _, p in ipairs(players) do
    for _, card in ipairs(tapis.cards("shown", p)) do tapis.move(card, "pile", winner, "bottom") end
  end
  for _, p in ipairs(players) do
    if tapis.count("pile", p) == 0 then tapis.set_out(p) end
  end
  tapis.set("tricks", tapis.get("tricks") + 1)
  if #tapis.in_play() == 1 then
    tapis.end_game(winner)
  elseif tapis.get("tricks") >= tapis.param("max_tricks") then
    tapis.set("limit_reached", 1)
    tapis.end_game()
  end
end

function on_turn(move)
  tapis.set("flipped", tapis.get("flipped") + 1)
  if tapis.get("flipped") == #tapis.in_play() then
    tapis.set("flipped", 0)
    resolve()
  end
end
