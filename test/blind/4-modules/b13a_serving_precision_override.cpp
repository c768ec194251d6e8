// scenario: an inference server moves its ranking model to the dtype its config asks for (float64 for the exact tier) and then serves float32 feature requests
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace {

enum class Precision { kFast, kExact };

struct ServingConfig {
  std::string model_name = "ranker-v2";
  Precision precision = Precision::kFast;
  std::optional<torch::Dtype> dtype_override;
};

struct Request {
  std::string id;
  std::vector<float> features;
};

struct RankerImpl : torch::nn::Module {
  explicit RankerImpl(int64_t in)
      : fc1(register_module("fc1", torch::nn::Linear(in, 8))),
        fc2(register_module("fc2", torch::nn::Linear(8, 1))) {}

  torch::Tensor forward(const torch::Tensor &x) {
    torch::Tensor h = torch::relu(fc1(x)); // BUG
    return torch::sigmoid(fc2(h));
  }

  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(Ranker);

class InferenceServer {
public:
  InferenceServer(const ServingConfig &cfg, int64_t num_features)
      : cfg_(cfg), num_features_(num_features), model_(num_features) {
    compute_dtype_ = cfg.dtype_override.value_or(
        cfg.precision == Precision::kExact ? torch::kFloat64 : torch::kFloat32);
    model_->to(compute_dtype_);
    model_->eval();
  }

  float handle(const Request &req) {
    torch::NoGradGuard no_grad;
    torch::Tensor x = torch::from_blob(const_cast<float *>(req.features.data()),
                                       {1, num_features_}, torch::kFloat32);
    return model_->forward(x).item<float>();
  }

private:
  ServingConfig cfg_;
  int64_t num_features_;
  Ranker model_;
  torch::Dtype compute_dtype_ = torch::kFloat32;
};

} // namespace

int main() {
  torch::manual_seed(2);
  ServingConfig cfg;
  cfg.precision = Precision::kExact; // audited scores for the billing tier

  InferenceServer server(cfg, 4);
  std::vector<Request> queue = {{"req-1", {0.2f, 0.1f, 0.7f, 0.4f}},
                                {"req-2", {0.9f, 0.3f, 0.0f, 0.5f}}};
  for (const auto &req : queue)
    std::cout << req.id << " score " << server.handle(req) << "\n";
  return 0;
}
