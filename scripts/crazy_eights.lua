-- Crazy Eights' one special effect (rulesets/crazy_eights.yaml), following OpenSpiel's
-- program: the 2s of the special cards. The deal, the legal moves, the 8's suit, skips,
-- reverses, the end and the score are the engine's, from the YAML. Players count from 1.

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

-- A 2 played (special cards), or turned up to start: the next player must answer it.
function on_two(move)
  attack(tapis.next_player(move.player))
end

-- Drawing the 2s' cards (special cards): all of them, then play moves on.
function on_draw(move)
  if tapis.get("penalty") == 0 then return end
  tapis.set("penalty", tapis.get("penalty") - 1)
  if tapis.count("deck") == 0 then
    -- The deck ran out: the rest is forgiven, and drawing the last card counts as a pass.
    if tapis.get("penalty") == 0 then tapis.set("passes", tapis.get("passes") + 1) end
    tapis.set("penalty", 0)
  end
  if tapis.get("penalty") > 0 then tapis.ask(move.player, {moves = "draw"}) end
end
