-- Zigity's effects (rulesets/zigity.yaml): the first card, covering jokers and action cards,
-- rebuilding the stock, attacks (Pioche 2 and 3, Esquive, Boomerang). Who
-- empties their hand wins at once (`turn: wins_when_empty: hand`) and scores 1 (a formula).
-- Players are numbered from 1.

local function is_character(card)
  return card ~= nil and card.character ~= nil
end

-- "Les cartes restantes forment … la pioche": when it is empty, the discards under the top
-- card are shuffled into a new one.
local function rebuild_stock()
  local discard = tapis.cards("discard")
  for i = 1, #discard - 1 do tapis.move(discard[i], "stock") end
  tapis.shuffle("stock")
end

local function draw_one(player)
  if tapis.count("stock") == 0 then
    rebuild_stock()
    if tapis.count("stock") == 0 then return false end
  end
  tapis.draw("stock", "hand", player)
  return true
end

-- Cards turned from the stock onto the discard pile until a character shows (at most every
-- card once, should no character be left to turn).
local function cover()
  local stock = tapis.count("stock")
  local tries = stock + tapis.count("discard")
  while tries > 0 and not is_character(tapis.top("discard")) do
    if stock == 0 then
      rebuild_stock()
      stock = tapis.count("stock")
      if stock == 0 then return end
    end
    tapis.draw("stock", "discard")
    stock = stock - 1
    tries = tries - 1
  end
end

-- The next turn's phase: attacked while an attack is pending, dry when not even a rebuilt
-- stock has a card to draw. The phase stays until a move changes one of these.
local function set_next_phase(attack)
  local stock = tapis.count("stock")
  if stock == 0 then
    rebuild_stock()
    stock = tapis.count("stock")
  end
  local dry = stock == 0 and "_dry" or ""
  tapis.set_phase((attack > 0 and "attacked" or "normal") .. dry)
end

function round_start()
  tapis.set("attack", 0)
  tapis.draw("stock", "discard")
  cover()  -- "la première carte" must be a character: turn more until one is
  set_next_phase(0)
end

-- After a move that may leave a card asking for no set on top (a joker, or an action card
-- with no attack pending) or change the attack or the stock: cover that card, then set the
-- next turn's phase. Plays without a joker change none of these (`if: {joker: JK}` in the
-- YAML), so most turns run no script. `attack` is the attack now pending (0 for none).
local function settle(attack)
  if attack == 0 and not is_character(tapis.top("discard")) then cover() end
  set_next_phase(attack)
end

-- After a move that gives away cards: the player who has just gone out has won, and there
-- is nothing more to do.
local function after_move(move, attack)
  if tapis.count("hand", move.player) == 0 then return end
  settle(attack)
end

function on_joker_play(move)
  after_move(move, tapis.get("attack"))
end

local ATTACKS = {P2 = 2, P3 = 3}

function on_action(move)
  local action = move.cards[1].action
  local attack = ATTACKS[action]
  if attack then
    tapis.set("attack", attack)
  else
    attack = tapis.get("attack")
    if action == "BOOM" then tapis.reverse() end
  end
  -- Esquive and Boomerang pass the turn; an attack in progress stays for the next player.
  after_move(move, attack)
end

function on_draw(move)
  local attack = tapis.get("attack")
  -- The common draw, with no attack and cards left, changes nothing else: the card on top
  -- (a character) and the phase stay as they were.
  if attack == 0 and tapis.count("stock") > 0 and is_character(tapis.top("discard")) then return end
  if attack > 0 then
    for _ = 2, attack do draw_one(move.player) end
    tapis.set("attack", 0)
  end
  settle(0)
end

function on_pass()
  tapis.set("attack", 0)  -- nothing left to draw: the attack is lost
  settle(0)
end
