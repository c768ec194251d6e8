// scenario: a feature-store scoring model keeps its normalisation statistics as buffers, runs in double and exports a float snapshot
// tier: 4
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

namespace {

class FeatureNormalizerImpl : public torch::nn::Module {
public:
  explicit FeatureNormalizerImpl(int64_t dim) {
    mean_ = register_buffer("mean", torch::zeros({dim}));
    inv_std_ = register_buffer("inv_std", torch::ones({dim}));
    clip_ = register_buffer("clip", torch::full({dim}, 5.0));
  }
  void fit(const torch::Tensor &sample) {
    mean_.copy_(sample.mean(0));
    inv_std_.copy_(sample.std(0).clamp_min(1e-6).reciprocal());
  }
  torch::Tensor forward(const torch::Tensor &x) {
    auto z = (x - mean_) * inv_std_;
    return torch::max(torch::min(z, clip_), -clip_);
  }

private:
  torch::Tensor mean_, inv_std_, clip_;
};
TORCH_MODULE(FeatureNormalizer);

class ScoringModelImpl : public torch::nn::Module {
public:
  explicit ScoringModelImpl(int64_t dim)
      : norm(register_module("norm", FeatureNormalizer(dim))),
        head(register_module("head", torch::nn::Linear(dim, 1))) {}
  torch::Tensor forward(const torch::Tensor &x) { return torch::sigmoid(head(norm(x))); }
  FeatureNormalizer norm;
  torch::nn::Linear head;
};
TORCH_MODULE(ScoringModel);

std::vector<torch::Tensor> exportSnapshot(ScoringModel &model) {
  std::vector<torch::Tensor> snapshot;
  for (auto p : model->parameters()) {
    p = p.detach().to(torch::kFloat32);
    snapshot.push_back(p);
  }
  for (const auto &b : model->named_buffers()) snapshot.push_back(b.value().to(torch::kFloat32));
  return snapshot;
}

// Snapshots list parameters first, then buffers in named_buffers() order.
void restoreStatistics(ScoringModel &model, const std::vector<torch::Tensor> &snapshot) {
  size_t i = model->parameters().size();
  for (auto &b : model->named_buffers()) {
    if (i >= snapshot.size()) return;
    b.value().copy_(snapshot[i++]);
  }
}

} // namespace

int main() {
  const int64_t dim = 10;
  ScoringModel model(dim);
  model->to(torch::kFloat64);
  model->norm->fit(torch::randn({500, dim}, torch::kFloat64) * 3 + 1);

  auto snapshot = exportSnapshot(model);
  std::cout << "exported " << snapshot.size() << " tensors, first " << snapshot.front().dtype() << "\n";
  restoreStatistics(model, snapshot); // round-trip check of the float export

  torch::NoGradGuard no_grad;
  std::vector<double> row = {1.0, 0.5, -2.0, 3.3, 0.0, 1.2, 7.5, -0.1, 2.2, 0.9};
  auto features = torch::tensor(row, torch::kFloat64).unsqueeze(0);
  auto score = model(features);
  std::cout << "score " << score.item<double>() << " in " << score.dtype() << "\n";
  return 0;
}
