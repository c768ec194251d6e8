// scenario: a reranking service owns a Sequential of residual scoring blocks and switches it to bfloat16 weights under memory pressure; requests still carry float32 features
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <vector>

struct ResidualScoringBlockImpl : torch::nn::Module {
  explicit ResidualScoringBlockImpl(int64_t dim)
      : norm(torch::nn::LayerNormOptions({dim})), fc(dim, dim) {
    register_module("norm", norm);
    register_module("fc", fc);
  }
  torch::Tensor forward(torch::Tensor x) { return x + torch::gelu(fc(norm(x))); }

  torch::nn::LayerNorm norm;
  torch::nn::Linear fc;
};
TORCH_MODULE(ResidualScoringBlock);

class RerankService {
public:
  RerankService(int64_t featureDim, int64_t hiddenDim, int depth) {
    net_->push_back(torch::nn::Linear(featureDim, hiddenDim));
    for (int i = 0; i < depth; ++i)
      net_->push_back(ResidualScoringBlock(hiddenDim));
    net_->push_back(torch::nn::Linear(hiddenDim, 1));
    net_->eval();
  }

  // Called by the memory watchdog: halves the resident size of the weights.
  void compact() {
    if (compact_)
      return;
    net_->to(torch::kBFloat16);
    compact_ = true;
  }

  std::vector<int64_t> rerank(const torch::Tensor &candidateFeatures, int64_t keep) {
    torch::NoGradGuard noGrad;
    torch::Tensor scores = net_->forward(candidateFeatures).squeeze(-1); // BUG
    torch::Tensor order = scores.to(torch::kFloat).argsort(0, /*descending=*/true);
    order = order.narrow(0, 0, std::min<int64_t>(keep, order.size(0)));
    return std::vector<int64_t>(order.data_ptr<int64_t>(), order.data_ptr<int64_t>() + order.numel());
  }

  bool compacted() const { return compact_; }

private:
  torch::nn::Sequential net_;
  bool compact_ = false;
};

int main() {
  torch::manual_seed(29);
  RerankService service(/*featureDim=*/40, /*hiddenDim=*/64, /*depth=*/3);
  const int64_t residentLimitMb = 1;
  const int64_t residentMb = 2; // reported by the allocator

  for (int request = 0; request < 3; ++request) {
    if (request == 1 && residentMb > residentLimitMb)
      service.compact();
    torch::Tensor candidates = torch::randn({50, 40});
    std::vector<int64_t> top = service.rerank(candidates, 5);
    std::cout << "request " << request << (service.compacted() ? " [bf16]" : " [fp32]")
              << " top:";
    for (int64_t id : top)
      std::cout << " " << id;
    std::cout << "\n";
  }
  return 0;
}
