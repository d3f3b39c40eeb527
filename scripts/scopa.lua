-- Scopa's count at a round's end (rulesets/scopa.yaml): a point each for most cards, most
-- coins, the settebello and the best primiera, none on a tie; a point a scopa. The captures,
-- sweeps and what is left on the table are the engine's.

-- The primiera: each player's best card of each suit, by these values, added up; a
-- player missing a suit has no primiera.
local PRIMIERA = {["7"] = 21, ["6"] = 18, A = 16, ["5"] = 15, ["4"] = 14, ["3"] = 13, ["2"] = 12,
                  J = 10, Q = 10, K = 10}

local function primiera(cards)
  local best = {}
  for _, c in ipairs(cards) do best[c.suit] = math.max(best[c.suit] or 0, PRIMIERA[c.rank]) end
  local sum, suits = 0, 0
  for _, value in pairs(best) do
    sum = sum + value
    suits = suits + 1
  end
  return suits == 4 and sum or 0
end

-- A point to the one player with the most of `measure`, none on a tie.
local function most(scores, measure)
  local best, who, tied = -1, nil, false
  for p = 1, #scores do
    local m = measure(p)
    if m > best then
      best, who, tied = m, p, false
    elseif m == best then
      tied = true
    end
  end
  if who and not tied and best > 0 then scores[who] = scores[who] + 1 end
end

function score()
  local scores = {}
  local won = {}
  for p = 1, tapis.players() do
    scores[p] = tapis.get("scope", p)
    won[p] = tapis.cards("won", p)
  end
  most(scores, function(p) return #won[p] end)
  most(scores, function(p)
    local coins = 0
    for _, c in ipairs(won[p]) do
      if c.suit == "D" then coins = coins + 1 end
    end
    return coins
  end)
  most(scores, function(p)
    for _, c in ipairs(won[p]) do
      if c.suit == "D" and c.rank == "7" then return 1 end
    end
    return 0
  end)
  most(scores, function(p) return primiera(won[p]) end)
  return scores
end
