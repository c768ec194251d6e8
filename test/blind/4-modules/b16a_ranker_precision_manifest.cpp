// scenario: a ranking service reads its precision from the deployment manifest shared with the GPU fleet ("fp16"); the wrapper casts the MLP and its inputs to the manifest's dtype, and on a CPU-only pod the first Linear runs in Half
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>

enum class Precision { FP32, FP16, BF16 };

Precision parsePrecision(const std::string &text) {
  if (text == "fp32" || text == "float32")
    return Precision::FP32;
  if (text == "fp16" || text == "half")
    return Precision::FP16;
  if (text == "bf16")
    return Precision::BF16;
  throw std::invalid_argument("unknown precision " + text);
}

torch::Dtype dtypeOf(Precision p) {
  switch (p) {
  case Precision::FP16: return torch::kHalf;
  case Precision::BF16: return torch::kBFloat16;
  default: return torch::kFloat;
  }
}

struct RankerMlpImpl : torch::nn::Module {
  RankerMlpImpl(int64_t features, int64_t hidden)
      : fc1(register_module("fc1", torch::nn::Linear(features, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, 1))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(fc1->forward(x)); // BUG
    return fc2->forward(x).squeeze(-1);
  }

  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(RankerMlp);

class DeployedRanker {
public:
  DeployedRanker(const std::map<std::string, std::string> &manifest, int64_t features)
      : precision_(parsePrecision(manifest.at("precision"))), net_(features, 64) {
    net_->eval();
    net_->to(dtypeOf(precision_));
  }

  torch::Tensor score(const torch::Tensor &features) {
    torch::NoGradGuard noGrad;
    return net_->forward(features.to(dtypeOf(precision_))).to(torch::kFloat);
  }

private:
  Precision precision_;
  RankerMlp net_;
};

int main() {
  torch::manual_seed(5);
  std::map<std::string, std::string> manifest = {
      {"model", "ranker-v12"}, {"precision", "fp16"}, {"max_batch", "64"}};
  DeployedRanker ranker(manifest, 24);

  auto candidates = torch::randn({10, 24});
  auto scores = ranker.score(candidates);
  auto order = std::get<1>(scores.sort(/*dim=*/0, /*descending=*/true));
  std::cout << "top candidate " << order[0].item<int64_t>() << "\n";
  return 0;
}
