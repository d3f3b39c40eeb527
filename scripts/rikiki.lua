-- Le rikiki's effects (rulesets/rikiki.yaml): the size of each round's deal, the trump card,
-- scoring and the match's end. The bids (and the last bidder rule) and the tricks are the
-- engine's. Players are numbered from 1.

-- Most cards a round deals: the parameter, and never more than leaves a card for trumps.
local function most_cards()
  return math.min(tapis.param("max_cards"), 51 // tapis.players())
end

-- Round r deals r cards up to the most, then one fewer each round down to 1.
local function cards_this_round()
  local r, top = tapis.round(), most_cards()
  if r <= top then return r end
  return 2 * top - r
end

-- The deal starts left of the dealer, who is the seat before the first
-- player. With `deals: one_random` (OpenSpiel's), chance picks the number of cards, then the
-- dealer; card n goes to player n mod players, so the first to player 1.
function round_start()
  local players = tapis.players()
  if tapis.param("deals") == "one_random" then
    local k = tapis.random(most_cards())
    local dealer = tapis.random(0, players - 1) + 1  -- the peer numbers seats from 0
    tapis.set("dealer", dealer)
    tapis.deal("stock", "hand", k, 1)
    tapis.set_turn(dealer % players + 1)
  else
    local first = tapis.current()
    tapis.set("dealer", first == 1 and players or first - 1)
    tapis.deal("stock", "hand", cards_this_round(), first)
  end
  tapis.draw("stock", "trumps")
end

-- "S'il remplit son contrat, il marque dix points plus cinq points par pli. Sinon, il perd
-- dix points plus cinq points par pli d'écart avec son contrat."
function score()
  local scores = {}
  for p = 1, tapis.players() do
    local bid, won = tapis.get("bid", p), tapis.get("tricks", p)
    if bid < 0 then
      scores[p] = 0
    elseif tapis.param("scoring") == "tricks_and_bonus" then
      scores[p] = won + (bid == won and 10 or 0)
    elseif bid == won then
      scores[p] = tapis.param("contract_points") + tapis.param("trick_points") * won
    else
      scores[p] = -(tapis.param("contract_points") + tapis.param("trick_points") * math.abs(bid - won))
    end
  end
  return scores
end

-- The match ends after the round of one card on the way back down.
function round_end()
  if tapis.param("deals") == "one_random" then tapis.end_game() end
  if tapis.round() >= 2 * most_cards() - 1 then tapis.end_game() end
end
