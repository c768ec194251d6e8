// scenario: tabular inference standardizes the inputs with float64 statistics loaded from a buffer when standardization is on (the default), which promotes the batch to double before the float32 MLP
// tier: 2
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct InferenceConfig {
  bool standardize = true;
  int64_t batch = 6;
};

int main(int argc, char **argv) {
  torch::manual_seed(0);
  InferenceConfig cfg;
  if (argc > 1 && std::string(argv[1]) == "--raw") cfg.standardize = false;

  // statistics exported by the data pipeline (numpy float64)
  std::vector<double> mean = {12.5, 0.3, 101.0, 7.25};
  std::vector<double> stddev = {4.1, 0.05, 33.0, 2.0};
  auto mean_t = torch::from_blob(mean.data(), {4}, torch::kDouble);
  auto std_t = torch::from_blob(stddev.data(), {4}, torch::kDouble);

  torch::nn::Sequential mlp(torch::nn::Linear(4, 16), torch::nn::ReLU(), torch::nn::Linear(16, 1));
  mlp->eval();

  auto x = torch::rand({cfg.batch, 4}) * 50;
  if (cfg.standardize) {
    x = (x - mean_t) / std_t;
  }
  auto y = mlp->forward(x); // BUG
  std::cout << "scores " << y.squeeze(1) << "\n";
  return 0;
}
