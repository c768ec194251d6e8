// scenario: evaluation helper runs the model and the prototype matmul under CPU autocast and hands float32 logits back to the metrics code
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <string>

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

struct EvalResult {
  torch::Tensor logits;
  torch::Tensor embeddings;
};

EvalResult evaluate(torch::nn::Sequential &backbone, const torch::Tensor &classWeights,
                    const torch::Tensor &inputs, bool lowPrecision) {
  if (!lowPrecision) {
    auto emb = backbone->forward(inputs);
    return {torch::mm(emb, classWeights.t()), emb};
  }
  CpuAutocastScope autocast(torch::kBFloat16);
  auto emb = backbone->forward(inputs);
  auto logits = torch::mm(emb, classWeights.t());
  return {logits.to(torch::kFloat32), emb.to(torch::kFloat32)};
}

int main(int argc, char **argv) {
  const bool lowPrecision = !(argc > 1 && std::string(argv[1]) == "--fp32");
  torch::manual_seed(61);
  namespace nn = torch::nn;
  nn::Sequential backbone(nn::Linear(24, 48), nn::GELU(), nn::Linear(48, 16));
  backbone->eval();
  auto classWeights = torch::randn({6, 16});

  auto inputs = torch::randn({32, 24});
  auto labels = torch::randint(0, 6, {32});

  torch::NoGradGuard noGrad;
  EvalResult result = evaluate(backbone, classWeights, inputs, lowPrecision);
  auto loss = torch::nn::functional::cross_entropy(result.logits, labels);
  auto accuracy = result.logits.argmax(1).eq(labels).to(torch::kFloat32).mean();
  auto centroidDist = torch::cdist(result.embeddings, torch::mm(classWeights, torch::eye(16)));
  std::cout << "loss " << loss.item<float>() << " acc " << accuracy.item<float>()
            << " mean centroid distance " << centroidDist.mean().item<float>() << "\n";
  return 0;
}
