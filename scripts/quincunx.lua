-- Quincunx's effects (rulesets/quincunx.yaml): the starting cards, the score of a placed
-- card (base score, pairs, straights, sets, Power Play, flush), draws, muggins, hand
-- penalties and the end of a round. Players are numbered from 1.

local GRID = "tableau"

-- Facts about a card that never change, cached by card id: its suits, its rank for the
-- base score, its place in the order of straights, and what it costs left in hand.
local facts = {}
local straight_order = nil

-- Parameters and the grid's shape never change within one game configuration (this
-- script's Lua state serves one), so they are read once.
local settings = nil
local names_by_column = nil  -- settings.names: each cell's name, by column and row
local function setting(name)
  if not settings then
    local grid = tapis.grid(GRID)
    settings = {grid = grid, names = {}}
    names_by_column = settings.names
    for _, key in ipairs({"flush", "flush_bonus", "muggins", "diagonal_lines", "one_bonus_per_line", "set_card_pairs"}) do
      settings[key] = tapis.param(key)
    end
    for column = 1, grid.width do  -- names[column][row]: "c3"
      settings.names[column] = {}
      for row = 1, grid.height do settings.names[column][row] = string.char(96 + column) .. row end
    end
  end
  return settings[name]
end

local NUMERALS = {["2"] = 2, ["3"] = 3, ["4"] = 4, ["5"] = 5, ["6"] = 6, ["7"] = 7, ["8"] = 8, ["9"] = 9}

-- Ace 1, 2–9, then Pawn, Court and Crown as far as the deck holds them: no gap where a
-- rank is missing, so 9 and Crown are consecutive in the basic deck.
local function order_of(rank)
  if not straight_order then
    straight_order = {Ace = 1}
    for r, n in pairs(NUMERALS) do straight_order[r] = n end
    local next = 10
    if tapis.param("pawns") then straight_order.Pawn, next = next, next + 1 end
    if tapis.param("courts") then straight_order.Court, next = next, next + 1 end
    straight_order.Crown = next
  end
  return straight_order[rank]
end

local function facts_of(card)
  local f = facts[card.id]
  if f then return f end
  local rank = card.rank
  f = {rank = rank, suits = {}, suit_set = {}}
  for _, s in ipairs(tapis.values(card, "suit")) do
    f.suits[#f.suits + 1] = s
    f.suit_set[s] = true
  end
  if rank == nil then  -- the Excuse
    f.penalty = 0
  elseif rank == "Ace" then
    f.base, f.penalty, f.ace = 1, 15, true
  elseif rank == "Pawn" then
    f.base, f.penalty, f.ace = 1, 10, true  -- "ils comptent également comme des As"
  elseif rank == "Court" then
    f.base, f.penalty = tapis.param("court_value"), tapis.param("court_penalty")
  elseif rank == "Crown" then
    f.base, f.penalty = 10, 10
  else
    f.base = NUMERALS[rank]
    f.penalty = f.base
  end
  if rank then f.order = order_of(rank) end
  facts[card.id] = f
  return f
end

local function shares_suit(a, b)
  for _, s in ipairs(a.suits) do
    if b.suit_set[s] then return true end
  end
  return false
end

-- Scoring -----------------------------------------------------------------------------

-- Base score of the placed card with one orthogonal neighbour: points and draws.
local function base_score(f, g)
  local sum = f.base + g.base
  if sum < 10 then
    local friendly = (f.ace or g.ace) and shares_suit(f, g)
    return friendly and sum or -sum, 0
  elseif sum == 11 or sum == 20 then
    return 0, 1
  elseif sum > 11 and sum < 20 then
    return sum - 10, 0
  end
  return 0, 0
end

-- The first and last positions of the unbroken stretch through position `at` of `fs[1..n]`
-- (the facts of a line's cards) where `step(a, b)` holds between each card and the next.
local function stretch(fs, n, at, step)
  local first, last = at, at
  while first > 1 and step(fs[first - 1], fs[first]) do first = first - 1 end
  while last < n and step(fs[last], fs[last + 1]) do last = last + 1 end
  return first, last
end

local function same_rank(a, b) return a.rank ~= nil and a.rank == b.rank end
local function up(a, b) return a.order ~= nil and b.order ~= nil and b.order == a.order + 1 end
local function down(a, b) return a.order ~= nil and b.order ~= nil and b.order == a.order - 1 end

-- A flush along a line: 4+ unbroken cards through the placed one sharing one of its suits.
local function line_flush(fs, n, at, f)
  for _, s in ipairs(f.suits) do
    local first, last = stretch(fs, n, at, function(a, b) return a.suit_set[s] and b.suit_set[s] end)
    if last - first + 1 >= 4 then return true end
  end
  return false
end

local function cell_name(column, row) return string.char(96 + column) .. row end

-- Flushes in the 2×2 squares holding `cell`: all four cards share a suit.
local function square_flushes(cell)
  local grid = setting("grid")
  local column, row = cell:byte(1) - 96, tonumber(cell:sub(2))
  local count = 0
  for dc = -1, 0 do
    for dr = -1, 0 do
      local c0, r0 = column + dc, row + dr
      if c0 >= 1 and r0 >= 1 and c0 + 1 <= grid.width and r0 + 1 <= grid.height then
        local common = nil
        for _, at in ipairs({{c0, r0}, {c0 + 1, r0}, {c0, r0 + 1}, {c0 + 1, r0 + 1}}) do
          local card = tapis.cell(GRID, cell_name(at[1], at[2]))
          if not card then common = {} break end
          local g = facts_of(card)
          if common == nil then
            common = {}
            for _, s in ipairs(g.suits) do common[s] = true end
          else
            for s in pairs(common) do
              if not g.suit_set[s] then common[s] = nil end
            end
          end
        end
        if next(common) then count = count + 1 end
      end
    end
  end
  return count
end

-- Power Play: the numerals of `suit` on the tableau, other than the Ace and Crown.
local function power_play(suit)
  local total = 0
  for _, card in ipairs(tapis.cards(GRID)) do
    local g = facts_of(card)
    if g.suit_set[suit] and NUMERALS[g.rank or ""] then total = total + g.base end
  end
  return total
end

-- The card on (column, row), or nil (also off the grid). Runs in every scoring, hence the
-- locals.
local cell = tapis.cell
local function card_at(column, row)
  local names = (names_by_column or setting("names"))[column]
  local name = names and names[row]
  return name and cell(GRID, name)
end

-- The directions of lines, as tapis.lines has them: row, column, diagonal, antidiagonal.
local DIRECTIONS = {{1, 0}, {0, 1}, {1, 1}, {1, -1}}
local ORTHOGONAL = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}}

-- The unbroken run of cards through the card `f` (facts) `id` on (column, row) along
-- (dx, dy), as tapis.lines gives it, into `run_facts` and `run_ids` (reused: placements are
-- scored in every playout, and building tables for each line was most of their cost).
-- Returns the run's length and where the card is in it.
local run_facts, run_ids, before = {}, {}, {}
local function run_through(f, id, column, row, dx, dy)
  local back = 0
  local card = card_at(column - dx, row - dy)
  while card do
    back = back + 1
    before[back] = card
    card = card_at(column - (back + 1) * dx, row - (back + 1) * dy)
  end
  local n = 0
  for i = back, 1, -1 do
    n = n + 1
    run_facts[n], run_ids[n] = facts_of(before[i]), before[i].id
  end
  n = n + 1
  run_facts[n], run_ids[n] = f, id
  local at, step = n, 1
  card = card_at(column + dx, row + dy)
  while card do
    n = n + 1
    run_facts[n], run_ids[n] = facts_of(card), card.id
    step = step + 1
    card = card_at(column + step * dx, row + step * dy)
  end
  return n, at
end

-- What placing `card` on `cell` scores: {base, pairs, straights, sets, power, flush, draws}.
local function score_placement(card, cell)
  local f = facts_of(card)
  local s = {base = 0, pairs = 0, straights = 0, sets = 0, power = 0, flush = 0, draws = 0}
  if f.rank == nil then return s end  -- the Excuse scores nothing
  local column, row = cell:byte(1) - 96, tonumber(cell:sub(2))
  local in_set = nil
  local diagonals, flush = setting("diagonal_lines"), setting("flush")
  -- "Ils doivent être dans des lignes différentes": a line scores its best bonus only (set
  -- 30, straight 20, flush 10, pair 5), unless one_bonus_per_line is off.
  local one_bonus = setting("one_bonus_per_line")
  local line_scored = {false, false, false, false}  -- by direction: a bonus scored on it
  for d, direction in ipairs(DIRECTIONS) do
    local n, at = run_through(f, card.id, column, row, direction[1], direction[2])
    if n >= 3 then  -- shorter lines make no straight, set or flush
      local fs = run_facts
      if diagonals or d <= 2 then
        local first, last = stretch(fs, n, at, same_rank)
        if last - first + 1 >= 3 then
          s.sets = s.sets + 30
          line_scored[d] = true
          in_set = in_set or {}
          for i = first, last do in_set[run_ids[i]] = true end
        else
          local a, b = stretch(fs, n, at, up)
          local c, e = stretch(fs, n, at, down)
          if b - a + 1 >= 3 or e - c + 1 >= 3 then
            s.straights = s.straights + 20
            line_scored[d] = true
          end
        end
      end
      if flush and not (one_bonus and line_scored[d]) and line_flush(fs, n, at, f) then
        s.flush = s.flush + setting("flush_bonus")
        line_scored[d] = true
      end
    end
  end
  if flush then s.flush = s.flush + setting("flush_bonus") * square_flushes(cell) end
  for _, offset in ipairs(ORTHOGONAL) do
    local neighbour = card_at(column + offset[1], row + offset[2])
    local g = neighbour and facts_of(neighbour)
    if g and g.rank ~= nil then
      local points, draws = base_score(f, g)
      s.base, s.draws = s.base + points, s.draws + draws
      local line = offset[1] ~= 0 and 1 or 2  -- a row's neighbour, or a column's
      -- "Les cartes qui contribuent à un brelan ne peuvent pas être comptées comme des
      -- paires": the placed card, once in a set, pairs no more (unless set_card_pairs).
      local paired_out = in_set and (in_set[neighbour.id] or not setting("set_card_pairs"))
      if g.rank == f.rank and not paired_out and not (one_bonus and line_scored[line]) then
        s.pairs = s.pairs + 5
      end
      local power = (f.rank == "Ace" and g.rank == "Crown") or (f.rank == "Crown" and g.rank == "Ace")
      if power and g.suits[1] == f.suits[1] then s.power = s.power + power_play(f.suits[1]) end
    end
  end
  return s
end

-- Turns --------------------------------------------------------------------------------

local function add_points(player, points)
  tapis.set("points", tapis.get("points", player) + points, player)
end

local function cells_to_fill()
  local grid = setting("grid")
  return grid.columns * grid.rows
end

local function end_if_full()
  if tapis.count(GRID) >= cells_to_fill() then tapis.end_round() end
end

-- Muggins: the placer announces a number of points, blind; then each other player in turn
-- may claim, blind too, points the placer left out. `owed` holds what is left to claim.
local function muggins_next()
  local claimer = tapis.get("claimer")
  if claimer ~= 0 and claimer ~= tapis.get("placer") then
    tapis.ask(claimer, {moves = {"claim", "let_go"}})
  else
    tapis.set("owed", 0)
    end_if_full()
  end
end

-- The next player after the claimer may claim, until the turn comes back to the placer.
local function pass_claim()
  tapis.set("claimer", tapis.next_player(tapis.get("claimer")))
  muggins_next()
end

-- An announcement or a claim of up to what is owed scores; one above it scores nothing.
local function take_owed(move)
  local owed = tapis.get("owed")
  if move.option <= owed then
    add_points(move.player, move.option)
    tapis.set("owed", owed - move.option)
  end
end

-- Announced above the true gains: void, and the others may claim them all.
function on_announce(move)
  take_owed(move)
  muggins_next()
end

function on_claim(move)
  take_owed(move)
  pass_claim()
end

function on_let_go()
  pass_claim()
end

-- What a placement scored, told to the table: "player 2 scores +9: base +4, pairs +5".
local PARTS = {{"base", "base"}, {"pairs", "pairs"}, {"straights", "straights"}, {"sets", "sets"},
               {"power", "Power Play"}, {"flush", "flushes"}}
local function tell(player, s)
  local parts, total = {}, 0
  for _, part in ipairs(PARTS) do
    local points = s[part[1]]
    if points ~= 0 then parts[#parts + 1] = string.format("%s %+d", part[2], points) end
    total = total + points
  end
  local line = string.format("player %d scores %+d", player, total)
  if #parts > 0 then
    line = line .. ": " .. table.concat(parts, ", ")
  elseif total == 0 then
    line = string.format("player %d scores nothing", player)
  end
  if s.draws > 0 then line = line .. string.format("; draws %d (sums of 11 and 20)", s.draws) end
  tapis.say(line)
end

function on_place()
  local info = tapis.move_info()
  local player, card = info.player, info.cards[1]
  local s = score_placement(card, tapis.cell_of(card))
  if s.draws > 0 then tapis.draw("stock", "hand", player, s.draws) end
  if not setting("muggins") then
    tell(player, s)
    add_points(player, s.base + s.pairs + s.straights + s.sets + s.power + s.flush)
    end_if_full()
    return
  end
  -- Losses count at once; gains wait for the player to announce them.
  local gains = s.pairs + s.straights + s.sets + s.power + s.flush
  if s.base < 0 then add_points(player, s.base) else gains = gains + s.base end
  tapis.set("owed", gains)
  tapis.set("placer", player)
  tapis.set("claimer", tapis.players() > 1 and tapis.next_player(player) or 0)
  tapis.ask(player, {moves = {"announce"}})
end

-- Rounds -------------------------------------------------------------------------------

-- The starting cards: on the corners and the centre, by the parameters (the dealer's deal).
function round_start()
  for p = 1, tapis.players() do tapis.set("points", 0, p) end
  tapis.set("lost", 0)
  local grid = tapis.grid(GRID)
  local cells = {}
  if tapis.param("corner_cards") then
    local left, top = 1, 1
    local right, bottom = grid.width, grid.height
    cells = {cell_name(left, top), cell_name(right, top), cell_name(left, bottom), cell_name(right, bottom)}
  end
  if tapis.param("centre_card") then
    cells[#cells + 1] = cell_name((grid.width + 1) // 2, (grid.height + 1) // 2)
  end
  for _, cell in ipairs(cells) do
    local stock = tapis.cards("stock")
    tapis.place(stock[#stock], GRID, cell)
  end
end

-- Solitaire: the hand ran out before the grid was full.
function round_end()
  if tapis.count(GRID) < cells_to_fill() then tapis.set("lost", 1) end
end

-- Points of the round so far, less the cards left in hand.
function score()
  for p = 1, tapis.players() do
    tapis.score(p, tapis.get("points", p), "cards placed")
    local penalty = 0
    for _, card in ipairs(tapis.cards("hand", p)) do penalty = penalty + facts_of(card).penalty end
    tapis.score(p, -penalty, "hand")
  end
end

-- The best match total (ties share); a solitaire game lost has no winner.
function winners()
  if tapis.get("lost") ~= 0 and tapis.players() == 1 then return {} end
  local best, out = nil, {}
  for p = 1, tapis.players() do
    local total = tapis.total(p)
    if best == nil or total > best then best, out = total, {p} elseif total == best then out[#out + 1] = p end
  end
  return out
end
