-- Relance's effects (rulesets/relance.yaml): the neutral cards of the set-up, refilling the
-- hand and the open row, the end, the final count. Laying hands, the tokens and taking
-- over are the engine's line moves. Players are numbered from 1.

local MARKED = {"d4", "b2", "f2", "b6", "f6"}
local HAND = 5

function round_start()
  if tapis.param("first") == "random" then tapis.set_turn(tapis.random(tapis.players())) end
  for _, cell in ipairs(MARKED) do
    local stock = tapis.cards("stock")
    tapis.place(stock[#stock], "board", cell)
  end
  for p = 1, tapis.players() do tapis.set("tokens", tapis.param("tokens"), p) end
end

-- After a lay or a discard: back up to 5 cards, each chosen from the open row.
function refill_hand(move)
  tapis.ask(move.player, {moves = "take", count = HAND - tapis.count("hand", move.player)})
end

local function board_full()
  local grid = tapis.grid("board")
  return tapis.count("board") == grid.columns * grid.rows
end

-- The open row is refilled from the stock once the player has taken. When it cannot be, every
-- other player has one more turn: the game ends before the player who emptied the stock
-- would play again (`ending` remembers who did). Also when the board is full.
function turn_end()
  local want = tapis.param("open_row") - tapis.count("open_row")
  if want > 0 and tapis.draw("stock", "open_row", want) < want and tapis.get("ending") == 0 then
    tapis.set("ending", tapis.current())
  end
  local ender = tapis.get("ending")
  if board_full() or (ender > 0 and tapis.next_player(tapis.current()) == ender) then
    tapis.end_round()
  end
end

-- Each card is worth the height of its stack to the player whose token is on top.
local function count()
  local points, owned = {}, {}
  for p = 1, tapis.players() do points[p], owned[p] = 0, 0 end
  for _, card in ipairs(tapis.cards("board")) do
    local stack = tapis.tokens(card)
    if #stack > 0 then
      local owner = stack[#stack]
      points[owner] = points[owner] + #stack
      owned[owner] = owned[owner] + 1
    end
  end
  return points, owned
end

function score()
  local points = count()
  for p = 1, tapis.players() do tapis.score(p, points[p], "stacks held") end
end

-- The highest total; ties go to who owns more cards, then are shared.
function winners()
  local points, owned = count()
  local best = {}
  for p = 1, tapis.players() do
    local b = best[1]
    if b == nil or points[p] > points[b] or (points[p] == points[b] and owned[p] > owned[b]) then
      best = {p}
    elseif points[p] == points[b] and owned[p] == owned[b] then
      best[#best + 1] = p
    end
  end
  return best
end
