-- La petite école's effects (rulesets/petite_ecole.yaml): the phases of a turn, levels,
-- going out and the match's end; the points left in hand are the YAML's (card_points). Players
-- are numbered from 1.

local LEVELS = 10

function round_start()
  for p = 1, tapis.players() do tapis.set("laid", 0, p) end
end

-- A turn starts by drawing; with the stock empty, the round is over.
function turn_start()
  tapis.set_phase("draw")
  if tapis.count("stock") == 0 then tapis.end_round() end
end

local function after_drawing(player)
  tapis.set_phase(tapis.get("laid", player) == 1 and "laid" or "play")
end

function on_draw(move)
  after_drawing(move.player)
end

-- "Dès qu'un joueur a posé toutes ses cartes": the round ends.
local function check_out(player)
  if tapis.count("hand", player) == 0 then tapis.end_round() end
end

function on_lay(move)
  tapis.set("laid", 1, move.player)
  tapis.set_phase("laid")
  check_out(move.player)
end

function on_lay_more(move)
  check_out(move.player)
end

-- "Ceux qui ont posé les figures de leur échelon passent à l'échelon suivant, les autres
-- redoublent." The match ends once somebody is past the tenth.
function round_end()
  local past = false
  for p = 1, tapis.players() do
    if tapis.get("laid", p) == 1 then tapis.set("level", tapis.get("level", p) + 1, p) end
    past = past or tapis.get("level", p) > LEVELS
  end
  if past then tapis.end_game() end
end

-- For bots (`bots: evaluate:`): the match is won by levels, so a level, or one laid this
-- round, counts far more than the points in hand (a full hand is about 130).
function bot_value()
  local values = {}
  for p = 1, tapis.players() do
    local hand = 0
    for _, card in ipairs(tapis.cards("hand", p)) do hand = hand + tapis.points(card) end
    values[p] = (tapis.get("level", p) + tapis.get("laid", p)) * 200 - tapis.total(p) - hand
  end
  return values
end

-- "Le premier à passer le 10ème échelon (ou celui qui a le moins de points) a gagné":
-- the highest level, then the fewest points.
function winners()
  local best, list = nil, {}
  for p = 1, tapis.players() do
    local key = tapis.get("level", p) * 100000 - tapis.total(p)
    if best == nil or key > best then
      best, list = key, {p}
    elseif key == best then
      list[#list + 1] = p
    end
  end
  return list
end
