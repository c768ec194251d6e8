// scenario: joins user and item embeddings from an online feature store whose user table was exported in float64
// tier: 1
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <unordered_map>

int main() {
  torch::manual_seed(7);
  const int64_t num_users = 32;
  const int64_t num_items = 100;
  const int64_t dim = 16;
  const int64_t top_k = 5;

  // Tables as they come out of the nightly export: the user tower was
  // trained in a numpy job and kept its float64 matrix.
  std::unordered_map<std::string, torch::Tensor> store;
  store.emplace("user_embedding", torch::randn({num_users, dim}, torch::kFloat64));
  store.emplace("item_embedding", torch::randn({num_items, dim}));
  store.emplace("item_popularity", torch::rand({num_items}));
  store.emplace("item_is_active", torch::rand({num_items}).gt(0.1));

  auto user_it = store.find("user_embedding");
  auto item_it = store.find("item_embedding");
  if (user_it == store.end() || item_it == store.end()) {
    std::cerr << "feature store is missing an embedding table\n";
    return 1;
  }

  auto active = store.at("item_is_active");
  auto popularity = store.at("item_popularity");
  auto items = torch::nn::functional::normalize(
      item_it->second, torch::nn::functional::NormalizeFuncOptions().dim(1));

  // Score a slice of users against the whole catalogue.
  auto users = user_it->second.narrow(0, 0, 8);
  auto affinity = torch::mm(users, items.t()); // BUG
  auto boosted = affinity + 0.1 * popularity.log1p();
  boosted.masked_fill_(active.logical_not(), -1e9);

  auto top = boosted.topk(top_k, /*dim=*/1);
  auto ids = std::get<1>(top);
  for (int64_t u = 0; u < ids.size(0); ++u) {
    std::cout << "user " << u << ":";
    for (int64_t k = 0; k < top_k; ++k)
      std::cout << " " << ids[u][k].item<int64_t>();
    std::cout << "\n";
  }
  return 0;
}
