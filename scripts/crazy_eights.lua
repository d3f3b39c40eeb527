-- Crazy Eights' effects (rulesets/crazy_eights.yaml), following OpenSpiel's program: the
-- dealer and the deal, the starting card, the 2s of the special cards, and the score. The
-- legal moves, the 8's suit, skips, reverses and the end are the engine's, from the YAML.
-- Players are numbered from 1.

local SUIT_INDEX = {C = 1, D = 2, H = 3, S = 4}

-- A 2 makes `victim` draw two more cards (the draws add up) unless they answer with a 2:
-- their turn is spent either way. Nobody draws when the deck is empty.
local function attack(victim)
  if tapis.count("deck") == 0 then return end
  tapis.set("penalty", tapis.get("penalty") + 2)
  tapis.set_turn(victim)
  tapis.end_turn()  -- once they have answered, play moves on past them
  local twos = {}
  for _, card in ipairs(tapis.cards("hand", victim)) do
    if card.rank == "2" then twos[#twos + 1] = card end
  end
  if #twos > 0 then
    tapis.ask(victim, {moves = {"draw", "play"}, only = twos})
  else
    tapis.ask(victim, {moves = "draw"})
  end
end

function round_start()
  local players = tapis.players()
  -- The peer numbers players from 0: "Decide Player 0 to be the dealer".
  local dealer = tapis.random(0, players - 1) + 1
  tapis.set("dealer", dealer)
  local p = dealer
  for _ = 1, tapis.param("hand_size") * players do
    p = tapis.next_player(p)
    tapis.draw("deck", "hand", p)
  end
  -- The starting card: an 8 goes back into the deck and another is turned up.
  while true do
    tapis.draw("deck", "discard")
    if tapis.top("discard").rank ~= "8" then break end
    tapis.move(tapis.top("discard"), "deck")
    tapis.shuffle("deck")
  end
  -- Play starts left of the dealer; a special card turned up acts as if the dealer played it.
  local rank, first = tapis.top("discard").rank, tapis.next_player(dealer)
  if tapis.param("special_cards") then
    if rank == "Q" then
      first = tapis.next_player(dealer, 2)
    elseif rank == "A" then
      tapis.reverse()
      first = tapis.next_player(dealer)
    elseif rank == "2" then
      tapis.set_turn(first)
      attack(first)
      return
    end
  end
  tapis.set_turn(first)
end

-- A 2 played (special cards): the next player must answer it.
function on_two(move)
  attack(tapis.next_player(move.player))
end

-- Drawing the 2s' cards (special cards): all of them, then play moves on.
function on_draw(move)
  if tapis.get("penalty") == 0 then return end
  tapis.set("drawing", 1)
  tapis.set("penalty", tapis.get("penalty") - 1)
  if tapis.count("deck") == 0 then
    -- The deck ran out: the rest is forgiven, and drawing the last card counts as a pass.
    if tapis.get("penalty") == 0 then tapis.set("passes", tapis.get("passes") + 1) end
    tapis.set("penalty", 0)
  end
  if tapis.get("penalty") > 0 then
    tapis.ask(move.player, {moves = "draw"})
  else
    tapis.set("drawing", 0)
  end
end

-- Minus the cards left in hand.
function score()
  local scores = {}
  for p = 1, tapis.players() do
    local total = 0
    for _, card in ipairs(tapis.cards("hand", p)) do
      local rank = tapis.order(card, "rank")  -- 1 for a 2 … 13 for an Ace
      if card.rank == "8" then
        total = total - 50
      elseif rank >= 10 then
        total = total - 10
      elseif tapis.param("peer_points") then
        total = total - (4 * (rank - 1) + SUIT_INDEX[card.suit] - 1 + 2)
      else
        total = total - (rank + 1)
      end
    end
    scores[p] = total
  end
  return scores
end
