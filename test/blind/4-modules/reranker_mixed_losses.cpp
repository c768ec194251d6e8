// scenario: reranker module trained with a pairwise margin loss on +1/-1 targets and a multi-label head
// tier: 4
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

struct RerankerImpl : torch::nn::Module {
  RerankerImpl(int64_t dim, int64_t num_intents)
      : score(register_module("score", torch::nn::Linear(dim, 1))),
        intent(register_module("intent", torch::nn::Linear(dim, num_intents))) {}

  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& x) {
    return {score->forward(x).squeeze(-1), intent->forward(x)};
  }

  torch::nn::Linear score, intent;
};
TORCH_MODULE(Reranker);

int main() {
  const int64_t pairs = 12, dim = 24, num_intents = 5;
  Reranker model(dim, num_intents);
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.05));

  std::vector<int64_t> intent_buf(pairs);
  for (int64_t i = 0; i < pairs; ++i)
    intent_buf[i] = i % num_intents;
  auto intents = torch::from_blob(intent_buf.data(), {pairs}, torch::kLong);
  auto preferred = torch::randint(0, 2, {pairs}) * 2 - 1;

  auto left = torch::randn({pairs, dim});
  auto right = torch::randn({pairs, dim});
  for (int step = 0; step < 3; ++step) {
    opt.zero_grad();
    auto [ls, li] = model->forward(left);
    auto [rs, ri] = model->forward(right);
    auto rank = F::margin_ranking_loss(ls, rs, preferred, F::MarginRankingLossFuncOptions().margin(0.2));
    auto targets = torch::one_hot(intents, num_intents).to(torch::kFloat);
    auto multi = F::binary_cross_entropy_with_logits(li, targets);
    auto single = F::cross_entropy(ri, intents);
    auto loss = rank + multi + single;
    loss.backward();
    opt.step();
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
