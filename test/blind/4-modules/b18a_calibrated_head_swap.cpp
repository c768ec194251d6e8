// scenario: an image tagger swaps in a calibrated head rebuilt in float64 from the calibration job's weights, while its backbone keeps producing float32 features
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <utility>
#include <vector>

namespace tagger {

struct CalibrationResult {
  torch::Tensor weight;  // [num_tags, feature_dim], fitted offline in float64
  torch::Tensor bias;    // [num_tags]
  double ece_before = 0.0;
  double ece_after = 0.0;
};

class TagModelImpl : public torch::nn::Module {
 public:
  TagModelImpl(int64_t in_channels, int64_t feature_dim, int64_t num_tags)
      : backbone_(torch::nn::Conv2d(torch::nn::Conv2dOptions(in_channels, 16, 3).padding(1)),
                  torch::nn::ReLU(),
                  torch::nn::AdaptiveAvgPool2d(torch::nn::AdaptiveAvgPool2dOptions({4, 4})),
                  torch::nn::Flatten(),
                  torch::nn::Linear(16 * 4 * 4, feature_dim)),
        head_(feature_dim, num_tags) {
    register_module("backbone", backbone_);
    register_module("head", head_);
  }

  torch::Tensor forward(const torch::Tensor& images) {
    auto features = backbone_->forward(images);
    return head_->forward(features);  // BUG
  }

  // Rebuilds the head from a calibration job's result and puts it in place.
  void install_calibrated_head(const CalibrationResult& calib) {
    auto num_tags = calib.weight.size(0);
    auto feature_dim = calib.weight.size(1);
    torch::nn::Linear calibrated(feature_dim, num_tags);
    calibrated->to(calib.weight.scalar_type());
    {
      torch::NoGradGuard no_grad;
      calibrated->weight.copy_(calib.weight);
      calibrated->bias.copy_(calib.bias);
    }
    head_ = replace_module("head", calibrated);
  }

 private:
  torch::nn::Sequential backbone_;
  torch::nn::Linear head_;
};
TORCH_MODULE(TagModel);

CalibrationResult load_calibration(int64_t num_tags, int64_t feature_dim) {
  // The calibration job solves a ridge regression in float64 and ships that.
  auto opts = torch::TensorOptions().dtype(torch::kFloat64);
  CalibrationResult r;
  r.weight = torch::randn({num_tags, feature_dim}, opts) * 0.05;
  r.bias = torch::zeros({num_tags}, opts);
  r.ece_before = 0.081;
  r.ece_after = 0.019;
  return r;
}

std::vector<std::pair<std::string, float>> top_tags(const torch::Tensor& probs,
                                                    const std::vector<std::string>& names,
                                                    int64_t k) {
  auto sorted = probs.sort(-1, /*descending=*/true);
  auto values = std::get<0>(sorted);
  auto indices = std::get<1>(sorted);
  std::vector<std::pair<std::string, float>> out;
  for (int64_t i = 0; i < k; ++i)
    out.emplace_back(names[indices[i].item<int64_t>()], values[i].item<float>());
  return out;
}

}  // namespace tagger

int main() {
  torch::manual_seed(5);
  const std::vector<std::string> names = {"beach", "city", "dog", "cat", "food", "night"};
  tagger::TagModel model(3, 32, static_cast<int64_t>(names.size()));
  model->eval();

  auto calib = tagger::load_calibration(static_cast<int64_t>(names.size()), 32);
  if (calib.ece_after < calib.ece_before) model->install_calibrated_head(calib);

  torch::NoGradGuard no_grad;
  auto images = torch::rand({2, 3, 32, 32});
  auto probs = torch::sigmoid(model->forward(images));
  for (const auto& [tag, p] : tagger::top_tags(probs[0], names, 3))
    std::cout << tag << " " << p << "\n";
  return 0;
}
