// scenario: a demand-forecast regressor module keeps an optional compute dtype, moves itself to it and casts every input it receives
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <optional>
#include <string>
#include <variant>

struct RegressorOptions {
  int64_t in_features = 10;
  int64_t hidden = 32;
  c10::optional<torch::Dtype> compute_dtype = c10::nullopt;
};

struct DemandRegressorImpl : torch::nn::Module {
  explicit DemandRegressorImpl(const RegressorOptions &opts)
      : compute_dtype_(opts.compute_dtype) {
    body_ = register_module("body", torch::nn::Sequential(
        torch::nn::Linear(opts.in_features, opts.hidden), torch::nn::SiLU(),
        torch::nn::Linear(opts.hidden, 1)));
    if (compute_dtype_)
      this->to(*compute_dtype_);
  }

  torch::Tensor forward(const torch::Tensor &x) {
    torch::Tensor in = x.to(compute_dtype_.value_or(torch::kFloat));
    return body_->forward(in).squeeze(-1);
  }

  c10::optional<torch::Dtype> compute_dtype_;
  torch::nn::Sequential body_{nullptr};
};
TORCH_MODULE(DemandRegressor);

// Feature rows arrive either as a dense float32 block or as raw daily counts.
using FeatureBatch = std::variant<torch::Tensor, std::vector<int64_t>>;

torch::Tensor to_dense(const FeatureBatch &batch, int64_t width) {
  if (const auto *dense = std::get_if<torch::Tensor>(&batch))
    return *dense;
  const auto &counts = std::get<std::vector<int64_t>>(batch);
  return torch::tensor(counts).view({-1, width});
}

int main() {
  torch::manual_seed(9);
  RegressorOptions opts;
  opts.compute_dtype = torch::kDouble; // long-horizon sums need float64
  DemandRegressor model(opts);
  model->eval();

  std::vector<int64_t> raw(3 * opts.in_features);
  for (size_t i = 0; i < raw.size(); ++i) raw[i] = static_cast<int64_t>(i % 17);
  std::vector<FeatureBatch> batches = {torch::rand({5, opts.in_features}), raw};

  torch::NoGradGuard no_grad;
  for (const auto &batch : batches) {
    torch::Tensor pred = model(to_dense(batch, opts.in_features));
    std::cout << "forecast " << pred.scalar_type() << " " << pred.sizes()
              << " mean " << pred.mean().item<double>() << "\n";
  }
  return 0;
}
