-- Le tir-à-la-carte's effect (rulesets/tir_a_la_carte.yaml): the opponent hands over as
-- many cards as the turned card is worth.

local VALUE = {A = 1, J = 11, Q = 12, K = 13}

function on_turn(move)
  local player = move.player
  local opponent = tapis.next_player(player)
  local card = move.cards[1]
  local n = VALUE[card.rank] or tonumber(card.rank)
  tapis.move(card, "pile", player, "bottom")
  -- "Son adversaire lui donne alors les n cartes du dessus de son paquet."
  for _ = 1, n do
    local pile = tapis.cards("pile", opponent)
    if #pile == 0 then break end
    tapis.move(pile[#pile], "pile", player, "bottom")
  end
  tapis.set("turns", tapis.get("turns") + 1)
  if tapis.count("pile", opponent) == 0 then
    tapis.end_game(player)
  elseif tapis.get("turns") >= tapis.param("max_turns") then
    tapis.set("limit_reached", 1)
    tapis.end_game()
  end
end
