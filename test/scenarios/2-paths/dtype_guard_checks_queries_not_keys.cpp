// scenario: an attention probe guards the dtype of its queries, but the keys loaded in reference mode (the default) are float64 and are not guarded
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <cmath>
#include <iostream>

int main(int argc, char **argv) {
  torch::manual_seed(0);
  const bool reference_keys = argc < 3; // a path to exported keys is the second argument
  const int64_t d = 32;

  auto queries = torch::randn({2, 5, d});
  torch::Tensor keys;
  if (reference_keys) {
    keys = torch::randn({2, 7, d}, torch::kDouble); // golden keys from the python reference
  } else {
    keys = torch::randn({2, 7, d});
  }

  if (queries.scalar_type() != torch::kFloat) {
    queries = queries.to(torch::kFloat);
  }
  auto scores = torch::bmm(queries, keys.transpose(1, 2)) / std::sqrt(double(d)); // BUG
  auto weights = torch::softmax(scores, -1);
  std::cout << "attention entropy " << -(weights * weights.log()).sum(-1).mean().item<float>() << "\n";
  return 0;
}
