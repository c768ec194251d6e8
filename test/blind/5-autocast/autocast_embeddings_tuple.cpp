// scenario: few-shot image classifier encodes a batch under a CPU autocast scope, returns (features, millis) and scores them against float32 prototypes
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <chrono>
#include <iostream>
#include <tuple>

class CpuAutocastScope {
public:
  explicit CpuAutocastScope(torch::Dtype dtype)
      : prevEnabled_(at::autocast::is_cpu_enabled()),
        prevDtype_(at::autocast::get_autocast_cpu_dtype()) {
    at::autocast::set_autocast_cpu_dtype(dtype);
    at::autocast::set_cpu_enabled(true);
    at::autocast::increment_nesting();
  }
  ~CpuAutocastScope() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(prevEnabled_);
    at::autocast::set_autocast_cpu_dtype(prevDtype_);
  }

private:
  bool prevEnabled_;
  torch::Dtype prevDtype_;
};

std::tuple<torch::Tensor, double> encodeBatch(torch::nn::Sequential &encoder,
                                              const torch::Tensor &images) {
  auto start = std::chrono::steady_clock::now();
  torch::Tensor features;
  {
    CpuAutocastScope autocast(torch::kBFloat16);
    features = encoder->forward(images);
  }
  std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
  return {features, elapsed.count()};
}

torch::Tensor prototypeScores(const torch::Tensor &features, const torch::Tensor &prototypes) {
  return torch::mm(features, prototypes.t()); // BUG
}

int main() {
  namespace nn = torch::nn;
  torch::manual_seed(59);
  nn::Sequential encoder(nn::Conv2d(nn::Conv2dOptions(3, 16, 3).padding(1)), nn::ReLU(),
                         nn::AdaptiveAvgPool2d(nn::AdaptiveAvgPool2dOptions(4)), nn::Flatten(),
                         nn::Linear(16 * 4 * 4, 64));
  encoder->eval();

  const int64_t numWays = 5;
  auto prototypes = torch::randn({numWays, 64});
  auto images = torch::rand({8, 3, 32, 32});

  torch::NoGradGuard noGrad;
  auto [features, millis] = encodeBatch(encoder, images);
  auto scores = prototypeScores(features, prototypes);
  auto predicted = scores.argmax(1);
  std::cout << "encoded in " << millis << " ms, predictions " << predicted << "\n";
  return 0;
}
