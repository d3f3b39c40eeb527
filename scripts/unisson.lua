-- L'Unisson's effects (rulesets/unisson.yaml): the Ace and Seven triggers, the octave,
-- and the scoring. Players are numbered from 1; cards are tables {id, code, rank, suit}.

local function has_rank(cards, rank)
  for _, card in ipairs(cards) do
    if card.rank == rank then return true end
  end
  return false
end

-- Extra moves are free unless the variant says otherwise.
local function extra(player, move, count, optional)
  tapis.ask(player, {
    moves = {move},
    count = count,
    optional = optional,
    costs_actions = tapis.param("extra_moves_cost_actions"),
  })
end

-- An extra discard or draw keeps its own effects only if the variant chains them.
local function effects_apply(move)
  return not move.extra or tapis.param("chain_effects")
end

-- Choisir: an Ace forces two discards; a Seven allows one more draw.
function on_choose(move)
  if not effects_apply(move) then return end
  local card, player = move.cards[1], move.player
  if card.rank == "A" then
    tapis.say("an Ace taken: {player %d} must discard 2 more cards", player)
    extra(player, "discard", 2, false)
  elseif card.rank == "7" then
    tapis.say("a Seven taken: {player %d} may draw 1 more card", player)
    extra(player, "draw", 1, true)
  end
end

-- Défausser: an Ace allows two more draws; a Seven forces one more discard.
function on_discard(move)
  if not effects_apply(move) then return end
  local card, player = move.cards[1], move.player
  if card.rank == "A" then
    tapis.say("an Ace discarded: {player %d} may draw 2 more cards", player)
    extra(player, "draw", 2, true)
  elseif card.rank == "7" then
    tapis.say("a Seven discarded: {player %d} must discard 1 more card", player)
    extra(player, "discard", 1, false)
  end
end

-- Déposer: an octave wins at once and triggers nothing; otherwise an Ace makes every
-- other player discard as many cards as the sequence holds, a Seven lets them draw as many.
function on_meld(move)
  local cards, player = move.cards, move.player
  local size = #cards
  if size == 8 then
    tapis.say("an octave: {player %d} wins the match", player)
    tapis.end_game(player)
    return
  end
  local ace, seven = has_rank(cards, "A"), has_rank(cards, "7")
  if not (ace or seven) then return end
  if ace then tapis.say("an Ace in the sequence: each other player must discard %d cards", size) end
  if seven then tapis.say("a Seven in the sequence: each other player may draw %d cards", size) end
  local other = tapis.next_player(player)
  while other ~= player do
    if ace then extra(other, "discard", size, false) end
    if seven then extra(other, "draw", size, true) end
    other = tapis.next_player(other)
  end
end

-- Compléter: cards added later trigger nothing, but completing an octave wins.
function on_extend(move)
  if move.zone.size == 8 then
    tapis.say("an octave: {player %d} wins the match", move.player)
    tapis.end_game(move.player)
  end
end

-- Points of a group of sequences: 3 for a tierce … 8 for an octave.
-- Also returns how many of them are octaves.
local function sequence_points(runs)
  local points, octaves = 0, 0
  for _, run in ipairs(runs) do
    points = points + #run
    if #run == 8 then octaves = octaves + 1 end
  end
  return points, octaves
end

-- Everything a player's cards are worth before bonuses, and whether they hold an octave.
local function player_tally(player)
  local melds = {}
  for _, meld in ipairs(tapis.melds("melds", player)) do melds[#melds + 1] = meld.cards end
  local won, melded_octaves = sequence_points(melds)
  local lost, kept_octaves = sequence_points(tapis.runs(tapis.cards("hand", player), "sequence"))
  return {
    won = won, melded_octaves = melded_octaves,
    lost = lost, kept_octaves = kept_octaves,
    empty_hand = tapis.count("hand", player) == 0,
  }
end

function score()
  local players = tapis.players()
  local tallies, unisson = {}, true
  for p = 1, players do
    tallies[p] = player_tally(p)
    unisson = unisson and tallies[p].melded_octaves + tallies[p].kept_octaves > 0
  end
  local gamme = sequence_points(tapis.runs(tapis.cards("gamme"), "sequence"))
  for p = 1, players do
    local t = tallies[p]
    local won = t.won * (t.melded_octaves > 0 and 2 or 1)
    local lost = t.lost * (t.kept_octaves > 0 and 2 or 1)
    if unisson then  -- kept octaves cost nothing and double nothing
      lost = t.lost - 8 * t.kept_octaves
    end
    tapis.score(p, won, "melds")
    tapis.score(p, -lost, "hand")
    tapis.score(p, gamme, "gamme")
    if t.empty_hand then tapis.score(p, tapis.param("empty_hand_bonus"), "empty hand") end
    if tapis.last_player() == p then tapis.score(p, tapis.param("last_player_bonus"), "last to play") end
    if unisson then tapis.score(p, tapis.param("unisson_bonus"), "unisson") end
  end
end
