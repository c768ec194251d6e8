// scenario: the batch builder accepts both "fp64" and "double" in a ternary, the model setup only tests for "double"; with the config spelled "fp64" the batches are float64 and the model float32
// tier: 2
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>
#include <string>

struct RunConfig {
  std::string precision = "fp64";
  int64_t batch = 4;
  int64_t seq_len = 6;
  int64_t features = 3;
};

torch::nn::GRU build_model(const RunConfig& cfg) {
  torch::nn::GRU gru(torch::nn::GRUOptions(cfg.features, 8).batch_first(true));
  if (cfg.precision == "double")
    gru->to(torch::kDouble);
  return gru;
}

torch::Tensor build_batch(const RunConfig& cfg, const torch::Tensor& raw) {
  const bool wide = cfg.precision == "fp64" || cfg.precision == "double";
  return raw.to(wide ? torch::kDouble : torch::kFloat)
      .view({cfg.batch, cfg.seq_len, cfg.features});
}

int main() {
  torch::manual_seed(151);
  RunConfig cfg;
  auto gru = build_model(cfg);
  auto raw = torch::randn({cfg.batch * cfg.seq_len * cfg.features});
  auto batch = build_batch(cfg, raw);

  torch::NoGradGuard no_grad;
  auto out = std::get<0>(gru->forward(batch)); // BUG
  std::cout << "hidden sequence " << out.sizes() << "\n";
  return 0;
}
