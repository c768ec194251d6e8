// scenario: a trainer step picks its loss through an enum; small label shards are cached as int32 class ids
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

enum class LossKind { CrossEntropy, Nll, Focal };

struct LabelCache {
  bool compact = false;
  std::vector<int64_t> ids;

  torch::Tensor as_tensor() const {
    auto t = torch::tensor(ids);
    // compact shards halve their memory: int32 is plenty for class ids
    return compact ? t.to(torch::kInt32) : t;
  }
};

LossKind parse_loss(const std::string& name) {
  if (name == "nll") return LossKind::Nll;
  if (name == "focal") return LossKind::Focal;
  return LossKind::CrossEntropy;
}

int main() {
  torch::manual_seed(0);
  torch::nn::Sequential net(torch::nn::Linear(16, 32), torch::nn::ReLU(),
                            torch::nn::Linear(32, 4));
  torch::optim::SGD opt(net->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));

  LabelCache cache;
  cache.ids = {0, 3, 1, 2, 2, 0, 1, 3};
  cache.compact = cache.ids.size() < 1024;

  const LossKind kind = parse_loss("nll");
  auto x = torch::randn({8, 16});
  for (int step = 0; step < 3; ++step) {
    opt.zero_grad();
    auto logits = net->forward(x);
    auto target = cache.as_tensor();
    torch::Tensor loss;
    switch (kind) {
      case LossKind::CrossEntropy:
        loss = torch::nn::functional::cross_entropy(logits, target.to(torch::kLong));
        break;
      case LossKind::Nll:
        loss = torch::nll_loss(torch::log_softmax(logits, 1), target); // BUG
        break;
      case LossKind::Focal: {
        auto idx = target.to(torch::kLong).unsqueeze(1);
        auto logp = torch::log_softmax(logits, 1).gather(1, idx).squeeze(1);
        loss = (-(1 - logp.exp()).pow(2) * logp).mean();
        break;
      }
    }
    loss.backward();
    opt.step();
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
