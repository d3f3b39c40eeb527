-- La poule's effects (rulesets/poule.yaml): announcing poules, the restrictions on what
-- may be played (a void, the pointless first trick, the poule's row), following each
-- poule. The tricks and the points are the engine's (the score is a formula). Players are
-- numbered from 1; partners sit opposite (1 and 3, 2 and 4).

local SUITS = {"S", "H", "D", "C"}
local POULE_RANKS = {["10"] = true, ["9"] = true, A = true}
local HONOURS = {["10"] = true, ["9"] = true, K = true, Q = true, J = true}

local function partner(p) return tapis.partners(p)[1] end  -- teams: 2, so one partner

local function is_poule_card(card, p)
  local suit = tapis.get("poule_suit", p)
  return suit > 0 and card.suit == SUITS[suit] and POULE_RANKS[card.rank] == true
end

-- The cards of the lowest rank among `cards`.
local function lowest(cards)
  local low = math.huge
  for _, c in ipairs(cards) do low = math.min(low, tapis.order(c, "rank")) end
  local out = {}
  for _, c in ipairs(cards) do
    if tapis.order(c, "rank") == low then out[#out + 1] = c end
  end
  return out
end

local function only(cards, keep)
  local out = {}
  for _, c in ipairs(cards) do
    if keep(c) then out[#out + 1] = c end
  end
  return out
end

-- "S'il n'y a pas un point sur les 4 cartes": an ace, or three of 10/9/K/Q/J.
local function has_point(cards)
  local honours = 0
  for _, c in ipairs(cards) do
    if c.rank == "A" then return true end
    if HONOURS[c.rank] then honours = honours + 1 end
  end
  return honours >= 3
end

-- "Si un joueur a une poule il doit le dire mais pas indiquer la sorte."
function announce_poules()
  tapis.set("lead_lowest", 0)
  tapis.set("tricks_played", 0)
  tapis.set("last_trick", 0)
  for p = 1, 4 do
    for _, v in ipairs({"poule", "poule_suit", "poule_next", "poule_played", "poule_state", "poule_made"}) do
      tapis.set(v, 0, p)
    end
    for s, suit in ipairs(SUITS) do
      local held = 0
      for _, c in ipairs(tapis.cards("hand", p)) do
        if c.suit == suit and POULE_RANKS[c.rank] then held = held + 1 end
      end
      if held == 3 then  -- a second poule (6 of 8 cards) waits in poule_next
        tapis.set("poule", tapis.get("poule", p) + 1, p)
        tapis.set(tapis.get("poule_suit", p) == 0 and "poule_suit" or "poule_next", s, p)
      end
    end
  end
end

-- The poule under way is decided (made: 1, broken: -1); a second one becomes the one to follow.
local function decide_poule(p, state)
  if state == 1 then tapis.set("poule_made", tapis.get("poule_made", p) + 1, p) end
  tapis.say(state == 1 and "{player %d} made a poule" or "the poule of {player %d} is broken", p)
  tapis.set("poule_state", state, p)
  local next = tapis.get("poule_next", p)
  if next > 0 then
    tapis.set("poule_suit", next, p)
    tapis.set("poule_next", 0, p)
    tapis.set("poule_played", 0, p)
    tapis.set("poule_state", 0, p)
  end
end

-- Which of the cards the follow-suit rule leaves `player` may play.
-- The second result says why, for a player whose card is refused.
function allowed(cards, player)
  local trick = tapis.cards("trick")
  local why = nil
  if #trick == 0 then
    -- The winner of a pointless trick leads "sa carte la plus faible".
    if tapis.get("lead_lowest") == player then
      return lowest(cards), "you won a trick without a point, so you lead your lowest card"
    end
  else
    local led = trick[1].suit
    local void = #only(cards, function(c) return c.suit == led end) == 0
    if void and tapis.param("void_rule") == "strict" then
      local partner_holds = tapis.trick_winner() == partner(player)
      local low = only(cards, function(c) return c.rank == "7" or c.rank == "8" end)
      why = "with no card of the suit led, play a 7 or an 8"
      if #low == 0 then
        low = lowest(cards)
        why = "with no card of the suit led and no 7 or 8, play your lowest card"
      end
      if partner_holds then
        for _, c in ipairs(cards) do
          if c.rank == "A" then low[#low + 1] = c end
        end
        why = why .. ", or an ace, as your partner holds the trick"
      end
      cards = low
    end
  end
  -- "Il doit toujours jouer ses 3 cartes à la suite": once begun, the next whenever legal.
  local played = tapis.get("poule_played", player)
  if tapis.get("poule_state", player) == 0 and played > 0 then
    local next = only(cards, function(c) return is_poule_card(c, player) end)
    if #next > 0 then return next, "a poule once begun is played card after card" end
  end
  return cards, why
end

-- A complete trick: follow each poule through it, and the pointless trick rule.
function trick_won()
  local trick = tapis.cards("trick")
  local leader, winner = tapis.get("leader"), tapis.trick_winner()
  for i, card in ipairs(trick) do
    local p = (leader + i - 2) % 4 + 1
    local next = tapis.get("poule_next", p)
    -- Of two poules, the one whose card comes first is the one under way.
    if next > 0 and tapis.get("poule_played", p) == 0 and card.suit == SUITS[next] and POULE_RANKS[card.rank] then
      tapis.set("poule_next", tapis.get("poule_suit", p), p)
      tapis.set("poule_suit", next, p)
    end
    if tapis.get("poule_suit", p) > 0 and tapis.get("poule_state", p) == 0 then
      local played = tapis.get("poule_played", p)
      if is_poule_card(card, p) then
        played = played + 1
        tapis.set("poule_played", played, p)
        if winner ~= p and tapis.param("poule_must_win") then
          decide_poule(p, -1)
        elseif played == 3 then
          decide_poule(p, 1)
        end
      elseif played > 0 then
        decide_poule(p, -1)  -- the row is broken
      end
    end
  end
  local done = tapis.get("tricks_played") + 1
  tapis.set("tricks_played", done)
  local rule = tapis.param("pointless_trick_rule")
  local applies = rule == "every" or (rule == "first" and done == 1)
  tapis.set("lead_lowest", (applies and not has_point(trick)) and winner or 0)
  if tapis.count("hand", winner) == 0 then tapis.set("last_trick", winner) end
end
