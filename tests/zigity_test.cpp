// Zigity (rulesets/zigity.yaml, ../shared/rules/004_*.txt): the four sets with and without
// jokers, drawing, the cover rule, the first card, the action cards and attacks, random games.
// Card codes: letter, number, instrument, puzzle piece, character (E1b1B: E, 1, batterie,
// piece 1, blue). The word list is the one the set-up installs (wfrench).
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "interpreter/mechanisms/match_play.h"
#include "interpreter/model/errors.h"
#include "interpreter/sim/simulate.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

// Player 1 to play on `top`, holding `hand`; players 2 and 3 hold a card each.
GameState OnTop(const Engine& engine, const std::string& top, const std::string& hand,
                const std::string& extra = "") {
  return Position(engine, R"({"zones": {"discard": [")" + top + R"("], "hand 1": [)" + hand +
                              R"(], "hand 2": ["M1t1B", "S7b1B"], "hand 3": ["O2t1J", "N5t3V"]},
                              "phase": "normal")" + extra + "}");
}

bool Character(const Engine& engine, const GameState& s) {
  const int zone = engine.ZoneSlot(engine.rules().ZoneIndex("discard"), -1);
  const CardId top = s.zones[zone].cards.back();
  return engine.cards().Value(top, engine.rules().catalog.PropertyIndex("character")) != kNoValue;
}

}  // namespace

TEST_CASE("zigity/puzzle: \"le joueur doit défausser exactement deux cartes … les deux morceaux manquants\"") {
  auto engine = MakeEngine("zigity", 3);
  // E1b1B shows piece 1: pieces 2 and 3 complete the drawing.
  GameState s = OnTop(*engine, "E1b1B", R"("I8b2R", "U5b3V", "G2b1J", "JK")");
  CHECK(IsLegal(*engine, s, "play I8b2R U5b3V^"));
  CHECK(IsLegal(*engine, s, "play I8b2R^ U5b3V"));  // the player chooses the card left on top
  CHECK(IsLegal(*engine, s, "play I8b2R^ JK=3"));   // a joker as the missing piece
  CHECK(IsLegal(*engine, s, "play JK=2^ U5b3V"));
  CHECK_FALSE(IsLegal(*engine, s, "play I8b2R"));              // one card only
  CHECK_FALSE(IsLegal(*engine, s, "play G2b1J I8b2R^"));       // piece 1 twice
  CHECK_FALSE(IsLegal(*engine, s, "play I8b2R U5b3V^ JK=1"));  // exactly two cards
  CHECK_FALSE(IsLegal(*engine, s, "play I8b2R^ JK=2"));        // the joker must be the missing piece
  Play(*engine, s, "play I8b2R U5b3V^");
  CHECK(Cards(*engine, s, "discard") == std::vector<std::string>{"E1b1B", "I8b2R", "U5b3V"});
  CHECK(s.turn_player == 1);
}

TEST_CASE("zigity/numbers: \"elles forment avec la carte témoin un total de 11 exactement\"") {
  auto engine = MakeEngine("zigity", 3);
  // I8b2R shows 8: the cards played must add up to 3.
  GameState s = OnTop(*engine, "I8b2R", R"("D3g1V", "E1b1B", "B2t2R", "A9g2B", "JK")");
  CHECK(IsLegal(*engine, s, "play D3g1V"));
  CHECK(IsLegal(*engine, s, "play E1b1B B2t2R^"));
  CHECK(IsLegal(*engine, s, "play JK=3"));
  CHECK(IsLegal(*engine, s, "play E1b1B^ JK=2"));
  CHECK_FALSE(IsLegal(*engine, s, "play A9g2B"));           // 17
  CHECK_FALSE(IsLegal(*engine, s, "play D3g1V E1b1B^"));    // 12
  CHECK_FALSE(IsLegal(*engine, s, "play E1b1B"));           // 9
  CHECK_FALSE(IsLegal(*engine, s, "play D3g1V^ JK=1"));     // 12 with the joker

  // Two jokers: the moves offer them as 2 and 1; any split of the 3 may be typed.
  s = OnTop(*engine, "I8b2R", R"("JK", "JK", "A9g2B")");
  CHECK(IsLegal(*engine, s, "play JK=2 JK=1^"));
  CHECK(IsLegal(*engine, s, "play JK=1 JK=2^"));
  CHECK(IsLegal(*engine, s, "play JK=3"));
  CHECK_FALSE(IsLegal(*engine, s, "play JK=2 JK=2^"));
  CHECK_FALSE(IsLegal(*engine, s, "play JK=1 JK=2"));  // which card ends on top, with ^
}

TEST_CASE("zigity/instrument: \"elles comportent toutes le même instrument que la carte témoin\"") {
  auto engine = MakeEngine("zigity", 3);
  // U5b3V shows the drums (b).
  GameState s = OnTop(*engine, "U5b3V", R"("E1b1B", "C3b2B", "A9g2B", "JK")");
  CHECK(IsLegal(*engine, s, "play E1b1B"));
  CHECK(IsLegal(*engine, s, "play E1b1B C3b2B^"));
  CHECK(IsLegal(*engine, s, "play E1b1B C3b2B^ JK=b"));
  CHECK(IsLegal(*engine, s, "play JK=b"));
  CHECK_FALSE(IsLegal(*engine, s, "play A9g2B"));
  CHECK_FALSE(IsLegal(*engine, s, "play E1b1B A9g2B^"));
  CHECK_FALSE(IsLegal(*engine, s, "play JK=g"));
}

TEST_CASE("zigity/letters: \"elles forment avec la carte témoin l'anagramme d'un mot du dictionnaire\"") {
  auto engine = MakeEngine("zigity", 3);
  // R6t1J shows an R: U and E with it spell RUE.
  GameState s = OnTop(*engine, "R6t1J", R"("U4t3R", "E10g2J", "Z1p2V", "Q1g3B", "JK")");
  CHECK(IsLegal(*engine, s, "play U4t3R E10g2J^"));
  CHECK(IsLegal(*engine, s, "play E10g2J U4t3R^"));
  CHECK(IsLegal(*engine, s, "play U4t3R^ JK=E"));  // a joker as the missing E
  CHECK_FALSE(IsLegal(*engine, s, "play Z1p2V"));  // RZ
  CHECK_FALSE(IsLegal(*engine, s, "play U4t3R Q1g3B^"));  // RUQ
  CHECK_FALSE(IsLegal(*engine, s, "play U4t3R^ JK=Q"));
  // The moves offer the joker as the letter of one word (DUR); any letter spelling a word may
  // be typed, and a joker left on top keeps it.
  CHECK(IsLegal(*engine, s, "play U4t3R^ JK=D"));
  const ParsedMove rue = ParseMove(*engine, s, "play U4t3R JK=E^");
  REQUIRE(rue.move.has_value());
  CHECK(MoveText(*engine, s, *rue.move) == "play U4t3R JK=E^");
  CHECK_FALSE(IsLegal(*engine, s, "play U4t3R JK=E"));  // which card ends on top, with ^
}

TEST_CASE("zigity/only words count: the list's abbreviations and unit symbols are left out") {
  // wfrench lists dm, dl, cm, km… as words: M2b1R on a D spelt DM.
  auto engine = MakeEngine("zigity", 3);
  GameState s = OnTop(*engine, "D2p2J", R"("M2b1R", "L3t2V", "E1b1B")");
  CHECK_FALSE(IsLegal(*engine, s, "play M2b1R"));  // DM
  CHECK_FALSE(IsLegal(*engine, s, "play L3t2V"));  // DL
  CHECK(IsLegal(*engine, s, "play E1b1B"));        // DE
  const WordIndex& words = *engine->config().words();
  CHECK_FALSE(words.HasWord("KM"));
  CHECK_FALSE(words.HasWord("BRRR"));
  CHECK(words.HasWord("ETE"));
  CHECK(words.HasWord("Y"));
  // The list as it is holds them: the filter is the ruleset's `needs_one_of`.
  CHECK(WordIndex::Load("/usr/share/dict/french")->HasWord("DM"));
}

TEST_CASE("zigity/a hand no deal makes lists at most kMaxMatchPlays plays, and soon") {
  // A crafted position (fuzz_position): dozens of letter cards and 3 jokers on a yellow card made
  // millions of anagram plays, gigabytes of moves.
  auto engine = MakeEngine("zigity", 3);
  GameState s = OnTop(*engine, "R6t1J",
                      R"("O3p3V", "H1t1V", "T5g2V", "I6g2J", "U5t1B", "R5p1V", "R6g3R", "E8t2R",
                         "T5b3B", "S8p3J", "T4b2R", "A9t3V", "I6t1R", "N7p3B", "T4p3J", "E10p1J", "N6p2R",
                         "U5b3V", "E9g1V", "E1b1B", "L3t2V", "JK", "JK", "JK")");
  const auto legal = engine->LegalMoves(s);
  // The last set listed brings its tops with it (one play per card left on top), and a draw.
  CHECK(legal.size() >= kMaxMatchPlays);
  CHECK(legal.size() <= kMaxMatchPlays + kMaxMoveCards + 2);
}

TEST_CASE("zigity/the word list is a parameter: --set words=FILE") {
  const auto file = std::filesystem::temp_directory_path() / ("tapis_zigity_words_" + std::to_string(getpid()));
  std::ofstream(file) << "zur\n";
  auto engine = MakeEngine("zigity", 3, {{"words", file.string()}});
  std::filesystem::remove(file);  // the list is read once, when the game is set up
  GameState s = OnTop(*engine, "R6t1J", R"("U4t3R", "E10g2J", "Z1p2V")");
  CHECK(IsLegal(*engine, s, "play Z1p2V U4t3R^"));  // ZUR, in that list only
  CHECK_FALSE(IsLegal(*engine, s, "play U4t3R E10g2J^"));  // RUE is not in it
  CHECK(engine->config().Settings().at("words") == file.string());
  CHECK_THROWS_WITH_AS(MakeEngine("zigity", 3, {{"words", "/no/such/list"}}),
                       "cannot read the word list '/no/such/list' (parameter 'words')", Error);
}

TEST_CASE("zigity/draw: \"il doit en piocher une … la carte témoin restant la même\"") {
  auto engine = MakeEngine("zigity", 3);
  GameState s = OnTop(*engine, "E1b1B", R"("Z1p2V")");
  const size_t stock = Cards(*engine, s, "stock").size();
  Play(*engine, s, "draw");
  CHECK(Cards(*engine, s, "hand", 1).size() == 2);
  CHECK(Cards(*engine, s, "stock").size() == stock - 1);
  CHECK(Cards(*engine, s, "discard") == std::vector<std::string>{"E1b1B"});
  CHECK(s.turn_player == 1);
}

TEST_CASE("zigity/joker cover: \"si c'est un joker, il va devoir le masquer … jusqu'à tomber sur l'un des quatre personnages\"") {
  auto engine = MakeEngine("zigity", 3);
  GameState s = OnTop(*engine, "I8b2R", R"("E1b1B", "JK", "Z1p2V")");
  Play(*engine, s, "play E1b1B JK=2^");
  const auto discard = Cards(*engine, s, "discard");
  REQUIRE(discard.size() >= 4);
  CHECK(discard[1] == "E1b1B");
  CHECK(discard[2] == "JK");
  CHECK(Character(*engine, s));
  for (size_t i = 3; i + 1 < discard.size(); ++i) CHECK(discard[i].size() <= 4);  // jokers and actions
  CHECK(s.turn_player == 1);
}

TEST_CASE("zigity/first card: the card turned up must be a character (turn more until one is)") {
  auto engine = MakeEngine("zigity", 4, {{"jokers", "16"}, {"pioche2", "16"}});
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    GameState s = engine->NewGame(seed);
    CHECK(Character(*engine, s));
    const auto discard = Cards(*engine, s, "discard");
    for (size_t i = 0; i + 1 < discard.size(); ++i) CHECK(discard[i].size() <= 4);
    for (int p = 1; p <= 4; ++p) CHECK(Cards(*engine, s, "hand", p).size() == 7);
  }
}

TEST_CASE("zigity/Pioche 2 and 3: the next player draws, or answers with Esquive or Boomerang") {
  auto engine = MakeEngine("zigity", 3);
  for (const auto& [card_, drawn] : std::vector<std::pair<std::string, size_t>>{{"P2", 2}, {"P3", 3}}) {
    const std::string card = card_;  // clang 14 cannot capture a structured binding in CAPTURE
    CAPTURE(card);
    GameState s = OnTop(*engine, "E1b1B", "\"" + card + "\", \"Z1p2V\"");
    Play(*engine, s, "action " + card);
    CHECK(s.turn_player == 1);
    CHECK(Cards(*engine, s, "discard").back() == card);  // kept on top while the attack runs
    CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"draw"});  // no play while attacked
    Play(*engine, s, "draw");
    CHECK(Cards(*engine, s, "hand", 2).size() == 2 + drawn);
    CHECK(Character(*engine, s));  // the attack is over: the Pioche card is covered
    CHECK(s.turn_player == 2);
  }
}

TEST_CASE("zigity/Esquive: passes the turn, under attack the attack moves on") {
  auto engine = MakeEngine("zigity", 3);
  GameState s = OnTop(*engine, "E1b1B", R"("ESQ", "Z1p2V")");
  Play(*engine, s, "action ESQ");
  CHECK(s.turn_player == 1);
  CHECK(Character(*engine, s));  // no attack: covered like a joker
  CHECK(Cards(*engine, s, "hand", 2).size() == 2);

  GameState a = Position(*engine, R"({"zones": {"discard": ["E1b1B"], "hand 1": ["P2", "Z1p2V"],
                                      "hand 2": ["ESQ", "S7b1B"], "hand 3": ["O2t1J", "N5t3V"]},
                                      "phase": "normal"})");
  Play(*engine, a, "action P2");
  CHECK(LegalTexts(*engine, a) == std::vector<std::string>{"counter ESQ", "draw"});
  Play(*engine, a, "counter ESQ");
  CHECK(a.turn_player == 2);
  CHECK(Cards(*engine, a, "hand", 2).size() == 1);  // player 2 drew nothing
  Play(*engine, a, "draw");
  CHECK(Cards(*engine, a, "hand", 3).size() == 4);  // player 3 drew the attack's two
  CHECK(Character(*engine, a));
}

TEST_CASE("zigity/Boomerang: \"le sens … est inversé … Si une attaque est en cours, elle lui revient donc dessus\"") {
  auto engine = MakeEngine("zigity", 3);
  GameState a = Position(*engine, R"({"zones": {"discard": ["E1b1B"], "hand 1": ["P3", "Z1p2V"],
                                      "hand 2": ["BOOM", "S7b1B"], "hand 3": ["O2t1J", "N5t3V"]},
                                      "phase": "normal"})");
  Play(*engine, a, "action P3");
  Play(*engine, a, "counter BOOM");
  CHECK(a.direction == -1);
  CHECK(a.turn_player == 0);  // the attack comes back to player 1
  Play(*engine, a, "draw");
  CHECK(Cards(*engine, a, "hand", 1).size() == 4);
  CHECK(a.turn_player == 2);  // then on to the right: player 3
  CHECK(Character(*engine, a));

  // With no attack, Boomerang reverses and ends the turn: player 3 plays next.
  GameState s = OnTop(*engine, "E1b1B", R"("BOOM", "Z1p2V")");
  Play(*engine, s, "action BOOM");
  CHECK(s.turn_player == 2);
  CHECK(Character(*engine, s));
}

TEST_CASE("zigity/win: \"le premier joueur à n'avoir plus de cartes en main gagne\"") {
  auto engine = MakeEngine("zigity", 3);
  GameState s = OnTop(*engine, "I8b2R", R"("D3g1V")");
  Play(*engine, s, "play D3g1V");
  CHECK(s.finished);
  CHECK(engine->Winners(s, engine->Score(s)) == std::vector<int>{0});

  // Going out on an action card wins too (turn: wins_when_empty: hand, no script).
  GameState esquive = OnTop(*engine, "I8b2R", R"("ESQ")");
  Play(*engine, esquive, "action ESQ");
  CHECK(esquive.finished);
  CHECK(engine->Winners(esquive, engine->Score(esquive)) == std::vector<int>{0});
}

TEST_CASE("zigity/empty stock: rebuilt from the discards under the top card") {
  auto engine = MakeEngine("zigity", 2, {{"jokers", "0"}, {"pioche2", "0"}, {"pioche3", "0"},
                                         {"esquive", "0"}, {"boomerang", "0"}});
  GameState s = engine->NewGame(5);
  // Move the stock but one card under the top card, then draw twice.
  const int stock = engine->ZoneSlot(engine->rules().ZoneIndex("stock"), -1);
  const int discard = engine->ZoneSlot(engine->rules().ZoneIndex("discard"), -1);
  auto& pile = s.zones[discard].cards;
  const CardId top = pile.back();
  pile.pop_back();
  while (s.zones[stock].cards.size() > 1) {
    pile.push_back(s.zones[stock].cards.back());
    s.zones[stock].cards.pop_back();
  }
  pile.push_back(top);
  const size_t under = pile.size() - 1;
  Play(*engine, s, "draw");
  CHECK(s.zones[stock].cards.size() == under);  // rebuilt at the start of the next turn
  CHECK(s.zones[discard].cards == std::vector<CardId>{top});
  CHECK(CheckState(*engine, s).empty());
}

TEST_CASE("zigity/10,000 random games conserve cards and end") {
  auto rules = LoadRuleset(FindRuleset("zigity"));
  int games = 0;
  for (int players : {2, 3, 4, 6}) {
    Engine engine(std::make_shared<GameConfig>(rules, players, std::map<std::string, std::string>{}));
    for (int i = 0; i < 2500; ++i, ++games) {
      const GameState s = RandomGame(engine, MixSeed(2005, games));
      REQUIRE(s.finished);
      const auto problems = CheckState(engine, s);
      REQUIRE(problems.empty());
    }
  }
  CHECK(games == 10000);
}

namespace {

// The error loading zigity.yaml with `from` replaced by `to`, without the file's path.
std::string ZigityError(const std::string& from, const std::string& to) {
  const std::string path = FindRuleset("zigity");
  const std::string error = EditedLoadError(path, from, to);
  return error.rfind(path, 0) == 0 ? error.substr(path.size()) : error;
}

}  // namespace

TEST_CASE("zigity/bad match keys get one-line answers") {
  // file:line:col: message (the line moves with the ruleset's notes, so only the message is checked).
  const std::string missing = ZigityError("list: $words", "list: nowhere/french");
  CHECK(missing.find(": cannot read the word list '") != std::string::npos);
  CHECK(missing.find("/rulesets/nowhere/french'") != std::string::npos);
  CHECK(missing.find('\n') == std::string::npos);
  CHECK(ZigityError("J: anagram}", "J: anagrams}").find(
            ": unknown match 'anagrams'; matches are: puzzle, eleven, band, anagram") != std::string::npos);
  CHECK(ZigityError("anagram: {word: letter}", "anagram: {word: lettre}").find(
            ": unknown card property 'lettre'; properties are: ") != std::string::npos);
  CHECK(ZigityError("eleven: {sum: number, total: 11}", "eleven: {sum: letter, total: 11}").find(
            ": sum: value 'A' of 'letter' is not a number from 1 up") != std::string::npos);
  CHECK(ZigityError("needs_one_of: AEIOUY", "needs_one_of: '12'")
            .find(": words: needs_one_of: give letters a word must hold one of, e.g. AEIOUY") !=
        std::string::npos);
  CHECK(ZigityError("needs_one_of: AEIOUY", "need_one_of: AEIOUY")
            .find(": unknown key 'need_one_of'; did you mean 'needs_one_of'?") != std::string::npos);
  CHECK(ZigityError("list: $words", "list: $hand_size")
            .find(": words: 'hand_size' is not a parameter of type file") != std::string::npos);
  CHECK(ZigityError("wins_when_empty: hand   #", "wins_when_empty: stock   #").find(
            ": wins_when_empty: a zone each player owns (a hand)") != std::string::npos);
  CHECK(ZigityError("wins_when_empty: hand   #", "wins_when_empty: hands   #").find(": unknown zone 'hands'") !=
        std::string::npos);
}

TEST_CASE("zigity/a refused play says what the card on top asks for, in the set's words") {
  auto engine = MakeEngine("zigity", 3);
  const auto refusal = [&](const std::string& position, const std::string& text) {
    const GameState s = Position(*engine, position);
    const ParsedMove parsed = ParseMove(*engine, s, text);
    CHECK_FALSE(parsed.move.has_value());
    return parsed.error;
  };
  // A yellow card on top: an anagram.
  const std::string yellow = R"({"zones": {"discard": ["A8t2J"], "hand 1": ["B2t2R", "C2g3R", "X10t3J"]}})";
  CHECK(refusal(yellow, "play B2t2R") ==
        "A8t2J on top (letter A) asks for letters that spell a word with its A: AB is no word of the list");
  CHECK(refusal(yellow, "play B2t2R C2g3R") ==
        "mark the one card you leave on top with ^: play B2t2R C2g3R^");
  // A blue card: the puzzle's pieces, each once.
  const std::string blue = R"({"zones": {"discard": ["A9g2B"], "hand 1": ["S7p2V", "X10t3J"]}})";
  CHECK(refusal(blue, "play S7p2V X10t3J^") ==
        "A9g2B on top (piece 2) asks for one card of each other piece: 2 twice");
  CHECK(refusal(blue, "play X10t3J") ==
        "A9g2B on top (piece 2) asks for one card of each other piece: 1 missing");
}

TEST_CASE("zigity/a refused play on a top without the rule's property says so, and does not crash") {
  auto engine = MakeEngine("zigity", 3);
  // An action card on top has a character (it picks the rule) but no letter, number or piece.
  const GameState s = Position(*engine, R"({"zones": {"discard": ["P2"], "hand 1": ["B2t2R", "C2g3R"]}})");
  const ParsedMove parsed = ParseMove(*engine, s, "play B2t2R");
  CHECK_FALSE(parsed.move.has_value());
  CHECK_FALSE(parsed.error.empty());
}

TEST_CASE("zigity/under attack, a play is refused by the phase that keeps it out") {
  auto engine = MakeEngine("zigity", 3);
  const GameState s = Position(*engine, R"({"zones": {"discard": ["A8t2J", "P2"], "hand 1": ["B2t2R", "ESQ"]},
      "variables": {"attack": 2}, "phase": "attacked"})");
  CHECK(ParseMove(*engine, s, "play B2t2R^").error ==
        "'play' is not allowed in phase attacked, only in normal, normal_dry; moves now: counter, draw");
}
