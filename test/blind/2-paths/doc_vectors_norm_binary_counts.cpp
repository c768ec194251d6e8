// scenario: document vectorizer L2-normalises either tf-idf weights or raw binary term counts; the binary path leaves int64 counts for norm
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: norm(): input dtype should be either floating point or complex. Got Long instead.
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

enum class Weighting { TfIdf, Binary };

int main() {
  const int64_t vocab = 8;
  std::vector<std::vector<int64_t>> docs = {{0, 1, 1, 4}, {2, 3, 3, 3, 7}, {1, 4, 5}};
  Weighting scheme = Weighting::Binary;

  std::vector<torch::Tensor> rows;
  for (const auto& d : docs) rows.push_back(torch::bincount(torch::tensor(d), {}, vocab));
  torch::Tensor counts = torch::stack(rows);  // int64 [docs, vocab]

  torch::Tensor df = counts.gt(0).sum(0);
  torch::Tensor idf = torch::log((1.0 + counts.size(0)) / (1.0 + df)) + 1.0;

  torch::Tensor features;
  if (scheme == Weighting::TfIdf) {
    features = counts * idf;  // promotes to Float
  } else {
    features = counts.gt(0).to(torch::kLong);
  }

  torch::Tensor norms = features.norm(2, /*dim=*/1, /*keepdim=*/true); // BUG
  torch::Tensor unit = features / norms.clamp_min(1e-12);
  torch::Tensor gram = torch::mm(unit, unit.t());

  for (int64_t i = 0; i < gram.size(0); ++i) {
    gram[i][i] = 0.0;
    int64_t nearest = gram[i].argmax().item<int64_t>();
    std::cout << "doc " << i << " nearest " << nearest << " sim "
              << gram[i][nearest].item<float>() << "\n";
  }
  return 0;
}
