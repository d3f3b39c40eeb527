-- Le huit américain's one special effect (rulesets/huit_americain.yaml): the 2s, whose draws
-- add up until a player cannot or will not answer with a 2. The rest is the engine's.

-- `victim` must draw the 2s' cards or answer with a 2; either way their turn is spent.
local function attack(victim)
  if tapis.count("stock") == 0 and tapis.count("discard") <= 1 then return end  -- nothing to draw
  tapis.set("penalty", tapis.get("penalty") + 2)
  tapis.set_turn(victim)
  tapis.end_turn()
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

-- A 2 played, or turned up to start: the next player answers it.
function on_two(move)
  if tapis.count("hand", move.player) == 0 then return end  -- going out on a 2 ends the round
  attack(tapis.next_player(move.player))
end

-- Under attack, a draw is one of the penalty's cards: all of them, one after the other.
function on_draw(move)
  if tapis.get("penalty") == 0 then return end
  tapis.set("penalty", tapis.get("penalty") - 1)
  if tapis.count("stock") == 0 then tapis.set("penalty", 0) end  -- no card left: the rest is forgiven
  if tapis.get("penalty") > 0 then tapis.ask(move.player, {moves = "draw"}) end
end
