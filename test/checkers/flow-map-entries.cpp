// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
// The entries of a std::map or std::unordered_map of tensors: the join of
// the tensors it maps to, read through the entries of a range-based for
// (`kv.second`, structured bindings), through the iterator `find` gives
// (`it->second`, `(*it).second`, `m.find(k)->second`), compared with end();
// a key the path knows (a literal) maps to what was put under it. A map
// written through an entry or an iterator is not followed.
#include <torch/torch.h>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>

#define LOOKUP(m, k) ((m).find(k)->second)

void find_into_variable() {
  std::map<std::string, torch::Tensor> cache;
  cache.emplace("w", torch::randn({4, 4}, torch::kDouble));
  auto x = torch::randn({4, 4});
  auto it = cache.find("w");
  if (it != cache.end())
    auto y = torch::mm(x, it->second);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void find_in_if_initializer() {
  std::unordered_map<std::string, torch::Tensor> cache;
  cache["w"] = torch::randn({4, 4}, torch::kDouble);
  if (auto it = cache.find("w"); it == cache.end())
    return;
  else
    auto y = torch::mm(torch::randn({4, 4}), (*it).second);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void find_direct_and_macro() {
  std::unordered_map<std::string, torch::Tensor> cache;
  cache["w"] = torch::randn({4, 4}, torch::kHalf);
  auto y = torch::mm(torch::randn({4, 4}), cache.find("w")->second);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; {{.*}} [torchdtype-mixed-precision]
  auto z = torch::mm(torch::randn({4, 4}), LOOKUP(cache, "w"));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; {{.*}} [torchdtype-mixed-precision]
}

void range_for_pairs() {
  std::map<std::string, torch::Tensor> feats;
  feats["a"] = torch::randn({4, 4}, torch::kDouble);
  feats["b"] = torch::randn({4, 4}, torch::kDouble);
  auto w = torch::randn({4, 4});
  for (const auto &kv : feats)
    torch::mm(kv.second, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void range_for_bindings(bool verbose) {
  std::map<int, torch::Tensor> feats;
  feats[0] = torch::randn({4, 4}, torch::kDouble);
  auto w = torch::randn({4, 4});
  for (const auto &[id, t] : feats) {
    if (verbose)
      continue;
    auto y = torch::mm(t, w);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  }
}

template <typename Map> void generic_lookup(const Map &m) {
  auto it = m.find("w");
  if (it != m.end())
    torch::mm(torch::randn({4, 4}), it->second);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void calls_generic() {
  std::map<std::string, torch::Tensor> m;
  m["w"] = torch::randn({4, 4}, torch::kDouble);
  generic_lookup(m);
}

void lambda_lookup() {
  auto run = [] {
    std::map<std::string, torch::Tensor> m;
    m["w"] = torch::randn({4, 4}, torch::kDouble);
    auto it = m.find("w");
    return torch::mm(torch::randn({4, 4}), it->second);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  };
  run();
}

void per_key_through_find() {
  // A store of both dtypes: each key the path knows keeps its own.
  std::unordered_map<std::string, torch::Tensor> store;
  store.emplace("user", torch::randn({8, 4}, torch::kDouble));
  store.emplace("item", torch::randn({10, 4}));
  auto user_it = store.find("user");
  auto item_it = store.find("item");
  if (user_it == store.end() || item_it == store.end())
    return;
  auto y = torch::mm(user_it->second, item_it->second.t());
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void per_key_in_loop(int steps) {
  std::map<std::string, torch::Tensor> state;
  state["w"] = torch::randn({4, 4});
  state["acc"] = torch::zeros({4, 4}, torch::kDouble);
  for (int i = 0; i < steps; ++i)
    state["w"] = state["w"] * 0.5;
  torch::mm(state.at("w"), state.at("acc"));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

// A map made from a braced list of constant keys: each key maps to its
// entry's tensor (the first entry of a key, as std::map keeps it).
void made_from_a_braced_list() {
  std::map<std::string, torch::Tensor> sums = {
      {"count", torch::zeros({5, 5}, torch::kLong)},
      {"score", torch::zeros({5, 5})},
      {"count", torch::zeros({5, 5}, torch::kDouble)}};
  torch::mm(sums["score"], torch::ones({5, 5}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

void braced_list_first_entry_of_a_key_negative() {
  std::map<std::string, torch::Tensor> sums = {
      {"score", torch::zeros({5, 5}, torch::kDouble)},
      {"score", torch::zeros({5, 5})}};
  torch::mm(sums["score"], torch::ones({5, 5}, torch::kDouble));
}

// (A key that is not a constant: the map is not followed, whatever it holds.)
void braced_list_key_not_constant_not_followed(const std::string &name) {
  std::map<std::string, torch::Tensor> sums = {{name, torch::zeros({5, 5})},
                                               {"score", torch::zeros({5, 5}, torch::kDouble)}};
  torch::mm(sums["score"], torch::ones({5, 5}));
}

// ---- Negatives --------------------------------------------------------------

void emplace_keeps_the_first() {
  std::map<std::string, torch::Tensor> m;
  m.emplace("w", torch::randn({4, 4}));
  m.emplace("w", torch::randn({4, 4}, torch::kDouble)); // not inserted
  torch::mm(m.at("w"), torch::randn({4, 4}));
}

void key_from_a_parameter(const std::string &name) {
  std::map<std::string, torch::Tensor> m;
  m["w"] = torch::randn({4, 4}, torch::kDouble);
  m[name] = torch::randn({4, 4}); // may be "w"
  torch::mm(m.at("w"), torch::randn({4, 4}, torch::kDouble));
}

void key_set_on_one_branch(bool wide) {
  std::map<std::string, torch::Tensor> m;
  m["w"] = torch::randn({4, 4});
  if (wide)
    m["w"] = m["w"].to(torch::kDouble);
  torch::mm(m.at("w").to(torch::kFloat), torch::randn({4, 4}));
}

void written_through_iterator() {
  std::map<std::string, torch::Tensor> cache;
  cache.emplace("w", torch::randn({4, 4}, torch::kDouble));
  auto it = cache.find("w");
  it->second = torch::randn({4, 4});
  torch::mm(torch::randn({4, 4}), cache.at("w"));
}

void written_through_binding() {
  std::map<std::string, torch::Tensor> feats;
  feats["a"] = torch::randn({4, 4}, torch::kDouble);
  for (auto &[name, t] : feats)
    t = t.to(torch::kFloat);
  torch::mm(torch::randn({4, 4}), feats.at("a"));
}

void written_through_entry() {
  std::map<std::string, torch::Tensor> feats;
  feats["a"] = torch::randn({4, 4}, torch::kDouble);
  for (auto &kv : feats)
    kv.second = kv.second.to(torch::kFloat);
  torch::mm(torch::randn({4, 4}), feats.at("a"));
}

void fill(std::map<std::string, torch::Tensor>::iterator it);

void iterator_given_away() {
  std::map<std::string, torch::Tensor> cache;
  cache.emplace("w", torch::randn({4, 4}, torch::kDouble));
  auto it = cache.find("w");
  fill(it);
  torch::mm(torch::randn({4, 4}), it->second);
}

void converted_in_loop(bool half) {
  std::map<std::string, torch::Tensor> feats;
  feats["a"] = torch::randn({4, 4}, half ? torch::kHalf : torch::kFloat);
  for (const auto &kv : feats)
    torch::mm(kv.second.to(torch::kFloat), torch::randn({4, 4}));
}

// A map whose keys the path all knows, holding tensors of different
// dtypes: a loop over it reads each entry in turn (a path per key,
// ConstantLists.cpp), so the float64 entry's iteration throws.
void map_of_both() {
  std::map<std::string, torch::Tensor> tables;
  tables["a"] = torch::randn({4, 4}, torch::kDouble);
  tables["b"] = torch::randn({4, 4});
  for (const auto &[name, t] : tables)
    torch::mm(t, torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

// The same loop in a callee, over the map its caller filled: the callee
// is run for the call with the caller's keys.
void score_each(const std::map<std::string, torch::Tensor> &tables) {
  for (const auto &kv : tables)
    torch::mm(kv.second, torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}
void caller_of_both() {
  std::map<std::string, torch::Tensor> tables;
  tables["a"] = torch::randn({4, 4}, torch::kDouble);
  tables["b"] = torch::randn({4, 4});
  score_each(tables);
}
void caller_of_floats() {
  std::map<std::string, torch::Tensor> tables;
  tables["a"] = torch::randn({4, 4});
  tables["b"] = torch::randn({4, 4});
  score_each(tables);
}

void map_of_both_skipping_the_double_key() {
  std::map<std::string, torch::Tensor> tables;
  tables["a"] = torch::randn({4, 4}, torch::kDouble);
  tables["b"] = torch::randn({4, 4});
  for (const auto &[name, t] : tables) {
    if (name == "a")
      continue;
    torch::mm(t, torch::randn({4, 4}));
  }
  for (const auto &kv : tables)
    if (kv.first != "a")
      torch::mm(kv.second, torch::randn({4, 4}));
}

// A member map written through `[]` in a method of its class: what the
// methods put in is what its other methods read.
class EmbeddingCache {
public:
  void warm(const std::string &k, const torch::Tensor &x) {
    cache_[k] = x.to(torch::kDouble);
    fcache_[k] = x.to(torch::kFloat);
  }
  torch::Tensor score(const std::string &k) const {
    return torch::mm(cache_.at(k), torch::randn({4, 4}));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the
    // same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  }
  torch::Tensor fscore(const std::string &k) const {
    return torch::mm(fcache_.at(k), torch::randn({4, 4}));
  }

private:
  std::map<std::string, torch::Tensor> cache_;
  std::map<std::string, torch::Tensor> fcache_;
};

void use_cache() {
  EmbeddingCache c;
  c.warm("q", torch::randn({4, 4}));
  c.score("q");
  c.fscore("q");
}

// A map a helper fills from its parameters: each entry is what the
// caller's arguments make it (the entries' facts bound as a record's
// fields are).
std::map<std::string, torch::Tensor> project(const torch::Tensor &x,
                                             const torch::Tensor &w) {
  std::map<std::string, torch::Tensor> out;
  out["q"] = x.relu();
  out["w"] = w.t();
  out["n"] = torch::zeros({4, 4}, torch::kLong);
  return out;
}
void entries_of_the_arguments() {
  auto x = torch::randn({4, 4}, torch::kDouble);
  auto m = project(x, x);
  torch::mm(m.at("q"), torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
  torch::mm(m.at("q"), x);
}
