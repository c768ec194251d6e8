// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
// A sequence of plain records (std::vector, std::array, std::deque,
// std::list of a struct with a tensor field), or a map to them, holds the
// join of the records put in it: a field every record it may hold knows
// keeps its facts in an element read (v[i], at, front, back, a range-for
// variable, a map entry's second). Reordering the elements (std::sort of its
// iterators) keeps the join. Any use the analysis does not follow (an
// element or its field written, a non-const reference to an element, the
// list given to unknown code by reference) makes the list unknown.
#include <torch/torch.h>
#include <algorithm>
#include <array>
#include <deque>
#include <map>
#include <string>
#include <vector>

struct Tile {
  int64_t row;
  torch::Tensor pixels;
};

struct Sample {
  std::string name;
  torch::Tensor data;
  bool label;
};

// ---- Positives ------------------------------------------------------------

void pushed_in_a_loop_then_sorted(const torch::Tensor &image) {
  torch::Tensor bytes = image.to(torch::kByte);
  std::vector<Tile> tiles;
  for (int64_t r = 0; r < 3; ++r)
    tiles.push_back({r, bytes.slice(1, r, r + 1)});
  std::stable_sort(tiles.begin(), tiles.end(),
                   [](const Tile &a, const Tile &b) { return a.row > b.row; });
  for (const Tile &t : tiles)
    torch::mm(t.pixels.to(torch::kDouble), torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void braced_list_indexed() {
  std::vector<Sample> batch = {
      {"mask", torch::zeros({2, 2}, torch::kDouble), true},
      {"image", torch::ones({2, 2}, torch::kDouble), false},
  };
  torch::mm(batch[1].data, torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
  torch::mm(batch.front().data, torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void map_of_records() {
  std::map<std::string, Tile> by_name;
  by_name.emplace("a", Tile{0, torch::zeros({2, 2}, torch::kHalf)});
  by_name["b"] = Tile{1, torch::ones({2, 2}, torch::kHalf)};
  for (const auto &kv : by_name)
    torch::mm(kv.second.pixels, torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Half and Float{{.*}} [torchdtype-mixed-precision]
  auto it = by_name.find("a");
  if (it != by_name.end())
    torch::mm(it->second.pixels, torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Half and Float{{.*}} [torchdtype-mixed-precision]
}

void array_and_deque() {
  std::array<Tile, 2> pair = {{{0, torch::zeros({2, 2}, torch::kHalf)},
                               {1, torch::ones({2, 2}, torch::kHalf)}}};
  torch::mm(pair[1].pixels, torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Half and Float{{.*}} [torchdtype-mixed-precision]
  std::deque<Sample> queue;
  queue.push_back({"x", torch::zeros({2, 2}, torch::kDouble), true});
  queue.push_front({"y", torch::ones({2, 2}, torch::kDouble), false});
  torch::mm(queue.back().data, torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

// Returned by a function of the user's: its summary's value.
std::vector<Tile> make_tiles(int n) {
  std::vector<Tile> tiles;
  for (int i = 0; i < n; ++i) {
    Tile t;
    t.row = i;
    t.pixels = torch::randint(0, 9, {2, 2}, torch::kLong);
    tiles.push_back(t);
  }
  return tiles;
}
void returned_by_a_function() {
  torch::Tensor counts = torch::zeros({2, 2});
  for (const Tile &t : make_tiles(3))
    counts.add_(t.pixels).mm(torch::ones({2, 2}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
  std::vector<Tile> kept = make_tiles(2);
  torch::mm(kept[0].pixels.to(torch::kHalf), torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Half and Float{{.*}} [torchdtype-mixed-precision]
}

// In a lambda (given a copy), a template and a macro.
void in_a_lambda() {
  std::vector<Tile> tiles{{0, torch::zeros({2, 2}, torch::kDouble)}};
  auto run = [tiles]() {
    return torch::mm(tiles[0].pixels, torch::ones({2, 2}));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
  };
  run();
}

template <typename R> void first_of(const std::vector<R> &v) {
  torch::mm(v[0].pixels, torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}
void templated() {
  std::vector<Tile> tiles;
  tiles.push_back({0, torch::zeros({2, 2}, torch::kDouble)});
  first_of(tiles);
}

#define FIRST_PIXELS(v) ((v).at(0).pixels)
void through_a_macro() {
  std::vector<Tile> tiles{{0, torch::zeros({2, 2}, torch::kDouble)}};
  torch::mm(FIRST_PIXELS(tiles), torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

// ---- Negatives ------------------------------------------------------------

// The records disagree: their join knows no dtype of the field.
void records_disagree() {
  std::vector<Tile> tiles;
  tiles.push_back({0, torch::zeros({2, 2}, torch::kDouble)});
  tiles.push_back({1, torch::zeros({2, 2})});
  for (const Tile &t : tiles)
    torch::mm(t.pixels, torch::ones({2, 2}));
}

// A field of an element written through the loop's reference: not
// followed.
void element_written_in_the_loop() {
  std::vector<Tile> tiles{{0, torch::zeros({2, 2}, torch::kDouble)}};
  for (Tile &t : tiles)
    t.pixels = t.pixels.to(torch::kFloat);
  torch::mm(tiles[0].pixels, torch::ones({2, 2}));
}

void element_field_assigned() {
  std::vector<Tile> tiles{{0, torch::zeros({2, 2}, torch::kDouble)}};
  tiles[0].pixels = torch::zeros({2, 2});
  torch::mm(tiles[0].pixels, torch::ones({2, 2}));
}

void element_bound_to_a_reference() {
  std::vector<Tile> tiles{{0, torch::zeros({2, 2}, torch::kDouble)}};
  Tile &first = tiles[0];
  first.pixels = torch::zeros({2, 2});
  torch::mm(tiles[0].pixels, torch::ones({2, 2}));
}

void refill(std::vector<Tile> &tiles);
void given_to_unknown_code() {
  std::vector<Tile> tiles{{0, torch::zeros({2, 2}, torch::kDouble)}};
  refill(tiles);
  torch::mm(tiles[0].pixels, torch::ones({2, 2}));
}

// std::fill writes the elements through the iterators: not followed.
void filled_by_an_algorithm() {
  std::vector<Tile> tiles{{0, torch::zeros({2, 2}, torch::kDouble)}};
  std::fill(tiles.begin(), tiles.end(), Tile{0, torch::zeros({2, 2})});
  torch::mm(tiles[0].pixels, torch::ones({2, 2}));
}

// Nothing put in yet: an element read knows nothing.
void empty_list(int n) {
  std::vector<Tile> tiles;
  tiles.reserve(n);
  if (!tiles.empty())
    torch::mm(tiles[0].pixels.to(torch::kFloat), torch::ones({2, 2}));
}

// Returned after unknown code had it by reference: unknown.
std::vector<Tile> refilled_tiles() {
  std::vector<Tile> tiles{{0, torch::zeros({2, 2}, torch::kDouble)}};
  refill(tiles);
  return tiles;
}
void returned_after_unknown_code() {
  torch::mm(refilled_tiles()[0].pixels, torch::ones({2, 2}));
}

// Cleared and refilled with float32 records.
void cleared_then_refilled() {
  std::vector<Tile> tiles{{0, torch::zeros({2, 2}, torch::kDouble)}};
  tiles.clear();
  tiles.push_back({1, torch::zeros({2, 2})});
  torch::mm(tiles[0].pixels, torch::ones({2, 2}));
}
