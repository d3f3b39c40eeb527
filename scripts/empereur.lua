-- L'Empereur's effects (rulesets/empereur.yaml): choosing the dealer, the deal and the
-- exchanges, the others' draws of the Two rule and the draw rule, going out, roles and
-- the match's winners (its scores and its end are the YAML's). Beating the last play, passes, clearing the cards in play
-- and rebuilding the stock are the engine's. Players are numbered from 1.

local EMPEREUR, SUJET, ELU, EXCLU = 1, 2, 3, 4

local function mode() return tapis.param("mode") end
local function miroir() return mode() == "miroir_normal" or mode() == "miroir_elite" end

-- Rank order from 1 (a Three) to 13 (a Two); a joker in hand is above everything.
local function strength(card)
  return tapis.order(card, "rank") or 14
end


-- The players still in the round after `player`, in turn order (`player` may be out).
local function others_in_order(player)
  local list, p = {}, player
  for _ = 1, tapis.players() do
    p = tapis.next_player(p)
    if p == nil or p == player or p == list[1] then break end
    list[#list + 1] = p
  end
  return list
end

-- Deal -----------------------------------------------------------------------------------

-- "Chaque joueur tire une carte. Celui qui a la plus haute valeur distribue", drawing
-- again among the tied players until one is highest.
local function choose_dealer()
  local candidates = {}
  for p = 1, tapis.players() do candidates[#candidates + 1] = p end
  while #candidates > 1 do
    tapis.shuffle("stock")
    local best, tied = -1, {}
    for _, p in ipairs(candidates) do
      tapis.draw("stock", "drawn")
      local drawn = tapis.cards("drawn")
      local s = strength(drawn[#drawn])
      if s > best then best, tied = s, {p} elseif s == best then tied[#tied + 1] = p end
    end
    for _, card in ipairs(tapis.cards("drawn")) do tapis.move(card, "stock") end
    candidates = tied
  end
  return candidates[1]
end

-- The exchanges, asked as decisions once everybody holds their cards. `first_out` is the
-- seat that first emptied its hand last round (0 if none): in Miroir Elite, the Empereur.
local function ask_exchanges(roles, first_out)
  local function holders(role)
    local list = {}
    for p = 1, tapis.players() do
      if roles[p] == role then list[#list + 1] = p end
    end
    return list
  end
  -- "Règle des modes Elite et Miroir Elite": each Sujet gives the Empereur a highest card,
  -- then the Empereur gives each Sujet a card of their choice.
  local function empereur_exchange(empereur, sujets)
    for _, sujet in ipairs(sujets) do tapis.ask(sujet, {moves = "give", to = empereur, highest = "rank"}) end
    for _, sujet in ipairs(sujets) do tapis.ask(empereur, {moves = "give", to = sujet}) end
  end
  if mode() == "elite" then
    local empereur = holders(EMPEREUR)[1]
    if empereur then empereur_exchange(empereur, holders(SUJET)) end
    return
  end
  if mode() == "miroir_elite" and first_out > 0 and tapis.param("miroir_elite_empereur") then
    -- "On applique le classement pour le premier joueur ayant vidé sa main": every other
    -- player is a Sujet to them. Then the Miroir exchange below.
    local sujets = {}
    for p = 1, tapis.players() do
      if p ~= first_out then sujets[#sujets + 1] = p end
    end
    empereur_exchange(first_out, sujets)
  end
  if miroir() then
    local exclu = holders(EXCLU)[1]
    if not exclu then return end
    for _, elu in ipairs(holders(ELU)) do tapis.ask(exclu, {moves = "give", to = elu, highest = "rank"}) end
    for _, elu in ipairs(holders(ELU)) do tapis.ask(elu, {moves = "give", to = exclu}) end
  end
end

function round_start()
  local roles = {}
  for p = 1, tapis.players() do
    roles[p] = tapis.get("role", p)
    tapis.set("role", 0, p)
  end
  local first_out = tapis.get("first_out")
  tapis.set("first_out", 0)
  local dealer = choose_dealer()
  tapis.set("dealer", dealer)
  tapis.shuffle("stock")
  local first = tapis.next_player(dealer)
  for _ = 1, tapis.param("hand_size") do
    local p = first
    repeat
      tapis.draw("stock", "hand", p)
      p = tapis.next_player(p)
    until p == first
  end
  tapis.set_turn(first)
  ask_exchanges(roles, first_out)
end

-- How many cards of the top value lie in a row on top of the cards in play.
local function top_run()
  local talon = tapis.cards("talon")
  local value, run = tapis.value(talon[#talon], "rank"), 0
  for i = #talon, 1, -1 do
    if tapis.value(talon[i], "rank") ~= value then break end
    run = run + 1
  end
  return run
end

-- A player emptied their hand: roles, and whether the round ends.
local function went_out(player, with_joker)
  local function everyone_else(role)
    for _, p in ipairs(tapis.in_play()) do
      if p ~= player then tapis.set("role", role, p) end
    end
  end
  if not miroir() then
    if not with_joker then
      tapis.set("role", EMPEREUR, player)
      everyone_else(SUJET)
      tapis.end_round()
      return
    end
    tapis.set("role", SUJET, player)  -- going out on a joker loses
    tapis.set_out(player)
    local left = tapis.in_play()
    if #left == 1 then
      tapis.set("role", EMPEREUR, left[1])
      tapis.end_round()
    end
  else
    if with_joker then
      tapis.set("role", EXCLU, player)
      everyone_else(ELU)
      tapis.end_round()
      return
    end
    tapis.set("role", ELU, player)
    if tapis.get("first_out") == 0 then tapis.set("first_out", player) end
    tapis.set_out(player)
    local left = tapis.in_play()
    if #left == 1 then
      tapis.set("role", EXCLU, left[1])
      tapis.end_round()
    end
  end
end

function on_play(move)
  local player, cards = move.player, move.cards  -- each read of move.cards builds the list
  local with_joker = false
  for _, card in ipairs(cards) do with_joker = with_joker or card.rank == nil end
  local out = tapis.count("hand", player) == 0
  local rank = tapis.value(cards[1], "rank")

  if rank == "2" then
    -- "Personne n'a le droit de jouer après lui": each other player draws one, in turn order
    -- from the next (an empty stock is rebuilt, the engine's `refill:`, the Two kept out);
    -- when nothing can be rebuilt, the last ones go without. Then the engine's `clear_with`
    -- puts the cards in play under the stock, and the Two's player leads again.
    tapis.say("the Two rule: every other player draws a card, and the lead returns to {player %d}", player)
    for _, p in ipairs(others_in_order(player)) do tapis.draw("stock", "hand", p) end
  else
    local run = top_run()
    if run >= 2 then
      local next = tapis.next_player(player)
      tapis.say("the draw rule: %s played %d times in a row, {player %d} must draw %d", rank, run, next, run - 1)
      tapis.draw("stock", "hand", next, run - 1)
    end
  end
  if out then went_out(player, with_joker) end
end

-- The match's winners (its scores and its end are the YAML's) --------------------------------

function winners()
  local list = {}
  if mode() == "normal" then
    for p = 1, tapis.players() do
      if tapis.get("role", p) == EMPEREUR then list[#list + 1] = p end
    end
  elseif mode() == "miroir_normal" then
    for p = 1, tapis.players() do
      if tapis.get("role", p) ~= EXCLU then list[#list + 1] = p end
    end
  elseif mode() == "elite" then
    local best = -1
    for p = 1, tapis.players() do best = math.max(best, tapis.total(p)) end
    for p = 1, tapis.players() do
      if tapis.total(p) == best then list[#list + 1] = p end
    end
  else
    for p = 1, tapis.players() do  -- Miroir Elite: reaching the target loses
      if tapis.total(p) < tapis.param("target") then list[#list + 1] = p end
    end
  end
  return list
end
