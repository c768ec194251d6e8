// scenario: a contrastive projection head keeps its fixed random projection as a plain member; the head is moved to double for an eval pass
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

// Johnson-Lindenstrauss style head: a learned MLP followed by a frozen random
// projection that is never trained.
struct ProjectionHeadImpl : torch::nn::Module {
  ProjectionHeadImpl(int64_t inDim, int64_t hidden, int64_t outDim)
      : fc1(register_module("fc1", torch::nn::Linear(inDim, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, hidden))),
        randomProj(torch::randn({hidden, outDim}) / std::sqrt(double(outDim))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = F::relu(fc1->forward(x));
    x = fc2->forward(x);
    auto z = torch::mm(x, randomProj); // BUG
    return F::normalize(z, F::NormalizeFuncOptions().dim(1));
  }

  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
  torch::Tensor randomProj;
};
TORCH_MODULE(ProjectionHead);

torch::Tensor alignmentScore(const torch::Tensor &a, const torch::Tensor &b) {
  return (a - b).norm(2, 1).pow(2).mean();
}

int main() {
  torch::manual_seed(0);
  ProjectionHead head(64, 128, 32);

  // Training-time check in float32.
  auto views = torch::randn({16, 64});
  auto za = head->forward(views);
  auto zb = head->forward(views + 0.01 * torch::randn_like(views));
  std::cout << "float alignment " << alignmentScore(za, zb).item<float>() << std::endl;

  // Evaluation in double precision for a stable metric.
  head->to(torch::kDouble);
  head->eval();
  torch::NoGradGuard noGrad;
  auto evalViews = torch::randn({16, 64}, torch::kDouble);
  auto ea = head->forward(evalViews);
  auto eb = head->forward(evalViews.flip({0}));
  std::cout << "double alignment " << alignmentScore(ea, eb).item<double>() << std::endl;
  return 0;
}
