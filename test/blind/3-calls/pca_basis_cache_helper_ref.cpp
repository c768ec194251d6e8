// scenario: a helper returns a reference to the cached projection basis for a name, building it lazily from a double QR; the caller projects float embeddings with it
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>

#include <iostream>
#include <map>
#include <string>
#include <tuple>

namespace {

using BasisCache = std::map<std::string, torch::Tensor>;

// Orthonormal bases are built once per embedding table and reused.
torch::Tensor &basis_for(BasisCache &cache, const std::string &table, int64_t dim) {
  auto it = cache.find(table);
  if (it == cache.end()) {
    // QR in double: float loses orthogonality for dim >= 64
    auto seed = torch::randn({dim, dim}, torch::kDouble);
    auto q = std::get<0>(torch::linalg::qr(seed));
    it = cache.emplace(table, q).first;
  }
  return it->second;
}

torch::Tensor project(const torch::Tensor &embeddings, const torch::Tensor &basis,
                      int64_t keep) {
  auto top = basis.narrow(1, 0, keep);
  return torch::mm(embeddings, top); // BUG
}

torch::Tensor reduce_table(BasisCache &cache, const std::string &table,
                           const torch::Tensor &embeddings, int64_t keep) {
  auto &basis = basis_for(cache, table, embeddings.size(1));
  return project(embeddings, basis, keep);
}

} // namespace

int main() {
  torch::manual_seed(5);
  BasisCache cache;
  torch::nn::Embedding user_table(1000, 64);
  torch::nn::Embedding item_table(5000, 64);

  torch::NoGradGuard no_grad;
  auto users = user_table(torch::randint(0, 1000, {128}));
  auto items = item_table(torch::randint(0, 5000, {256}));

  auto users_small = reduce_table(cache, "user", users, 16);
  auto items_small = reduce_table(cache, "item", items, 16);
  auto affinity = torch::mm(users_small, items_small.t());
  std::cout << "affinity " << affinity.sizes() << " max " << affinity.max().item<double>()
            << "\n";
  return 0;
}
