-- Crazy Eights' effects (rulesets/crazy_eights.yaml), following OpenSpiel's program: the
-- dealer and the deal, the starting card, the legal moves of each turn (asked as a
-- decision listing the cards that may be played), eights and their nominated suit, the
-- special cards, the end and the score. Players are numbered from 1.

local SUIT_INDEX = {C = 1, D = 2, H = 3, S = 4}
local SUITS = {"C", "D", "H", "S"}
local RANKS = {"2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"}

-- The top card's suit (or the suit an 8 nominated) and rank, kept in variables so that a
-- turn need not read the whole discard pile.
local function set_top(card)
  tapis.set("suit", SUIT_INDEX[card.suit])
  tapis.set("rank", tapis.order(card, "rank"))
end

-- The discards but the top card go back into an empty deck, shuffled (`reshuffle`).
local function reshuffle_if_empty()
  if not tapis.param("reshuffle") or tapis.count("deck") > 0 then return end
  local discard = tapis.cards("discard")
  for i = 1, #discard - 1 do tapis.move(discard[i], "deck") end
  tapis.shuffle("deck")
end

-- Asks `player` for their move: the cards they may play, and Draw or Pass as the rules allow.
local function offer(player)
  local moves, only = {}, {}
  local deck, draws, max_draws = tapis.count("deck"), tapis.get("draws"), tapis.param("max_draws")
  if draws >= max_draws or deck == 0 then moves[#moves + 1] = "pass" end
  local hand = tapis.cards("hand", player)
  if tapis.get("penalty") > 0 then
    moves[#moves + 1] = "draw"
    if tapis.get("drawing") == 0 then
      for _, card in ipairs(hand) do
        if card.rank == "2" then only[#only + 1] = card end
      end
    end
  else
    local suit, rank = SUITS[tapis.get("suit")], RANKS[tapis.get("rank")]
    for _, card in ipairs(hand) do
      if card.rank == "8" or card.suit == suit or card.rank == rank then only[#only + 1] = card end
    end
    if deck > 0 and draws < max_draws then moves[#moves + 1] = "draw" end
  end
  if #only > 0 then
    moves[#moves + 1] = "play"
    tapis.ask(player, {moves = moves, only = only})
  else
    tapis.ask(player, {moves = moves})
  end
end

-- A special card played: who plays next, and what they must draw.
local function special(card, player)
  if not tapis.param("special_cards") then return end
  if card.rank == "Q" then
    tapis.set_turn(tapis.next_player(player))  -- the turn then moves on past that player
  elseif card.rank == "A" then
    tapis.reverse()
  elseif card.rank == "2" and tapis.count("deck") > 0 then
    tapis.set("penalty", tapis.get("penalty") + 2)
  end
end

function round_start()
  local players = tapis.players()
  -- The peer numbers players from 0: "Decide Player 0 to be the dealer".
  local dealer = tapis.random(0, players - 1) + 1
  tapis.set("dealer", dealer)
  local p = dealer
  for _ = 1, tapis.param("hand_size") * players do
    p = tapis.next_player(p)
    tapis.draw("deck", "hand", p)
  end
  -- The starting card: an 8 goes back into the deck and another is turned up.
  while true do
    tapis.draw("deck", "discard")
    if tapis.top("discard").rank ~= "8" then break end
    tapis.move(tapis.top("discard"), "deck")
    tapis.shuffle("deck")
  end
  set_top(tapis.top("discard"))
  -- Play starts left of the dealer; a special card turned up acts as if the dealer played it.
  local rank, first = tapis.top("discard").rank, tapis.next_player(dealer)
  if tapis.param("special_cards") then
    if rank == "Q" then
      first = tapis.next_player(dealer, 2)
    elseif rank == "A" then
      tapis.reverse()
      first = tapis.next_player(dealer)
    elseif rank == "2" then
      tapis.set("penalty", 2)
    end
  end
  tapis.set_turn(first)
end

function turn_start()
  tapis.set("draws", 0)
  offer(tapis.current())
end

function on_play(move)
  local card, player = move.cards[1], move.player
  tapis.set("plays", tapis.get("plays") + 1)
  tapis.set("draws", 0)
  tapis.set("passes", 0)
  set_top(card)
  if tapis.count("hand", player) == 0 or tapis.get("plays") >= tapis.param("max_plays") then
    tapis.end_game()
    return
  end
  reshuffle_if_empty()
  if card.rank == "8" then
    tapis.ask(player, {moves = "nominate"})
  else
    special(card, player)
  end
end

function on_nominate(move)
  tapis.set("suit", SUIT_INDEX[move.option])
  tapis.set("passes", 0)
end

function on_draw(move)
  tapis.set("passes", 0)
  local deck_empty = tapis.count("deck") == 0
  reshuffle_if_empty()
  if tapis.get("penalty") > 0 then
    -- Drawing the 2s' cards: all of them, then play moves on.
    tapis.set("drawing", 1)
    tapis.set("penalty", tapis.get("penalty") - 1)
    if deck_empty then
      if tapis.get("penalty") == 0 then tapis.set("passes", 1) end  -- counted as a pass
      tapis.set("penalty", 0)
    end
    if tapis.get("penalty") > 0 then
      tapis.ask(move.player, {moves = "draw"})
    else
      tapis.set("drawing", 0)
    end
    return
  end
  tapis.set("draws", tapis.get("draws") + 1)
  if deck_empty then tapis.set("draws", tapis.param("max_draws")) end
  offer(move.player)
end

function on_pass(move)
  if tapis.count("deck") == 0 then
    tapis.set("passes", tapis.get("passes") + 1)
  else
    tapis.set("passes", 0)
  end
  if tapis.get("passes") >= tapis.players() + 1 then tapis.end_game() end
end

-- Minus the cards left in hand.
function score()
  local scores = {}
  for p = 1, tapis.players() do
    local total = 0
    for _, card in ipairs(tapis.cards("hand", p)) do
      local rank = tapis.order(card, "rank")  -- 1 for a 2 … 13 for an Ace
      if card.rank == "8" then
        total = total - 50
      elseif rank >= 10 then
        total = total - 10
      elseif tapis.param("peer_points") then
        total = total - (4 * (rank - 1) + SUIT_INDEX[card.suit] - 1 + 2)
      else
        total = total - (rank + 1)
      end
    end
    scores[p] = total
  end
  return scores
end
