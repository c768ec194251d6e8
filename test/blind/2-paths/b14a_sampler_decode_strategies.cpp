// scenario: toy decoder picks next tokens greedily, by multinomial sampling, by Gumbel noise or at random per step and writes them into an int64 history
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <vector>

enum class Strategy { Greedy, Sample, Gumbel, Explore };

int main() {
  torch::manual_seed(0);
  const int64_t batch = 3, vocab = 7, dim = 4, steps = 8;
  auto embed = torch::randn({vocab, dim});
  auto proj = torch::randn({dim, vocab});

  auto history = torch::zeros({batch, steps + 1}, torch::kLong);
  auto scores = torch::zeros({batch, steps + 1});
  auto tokens = torch::randint(0, vocab, {batch}); // int64 start tokens
  history.select(1, 0).copy_(tokens);

  const std::vector<Strategy> plan = {Strategy::Greedy, Strategy::Sample,
                                      Strategy::Gumbel, Strategy::Explore};
  for (int64_t t = 0; t < steps; ++t) {
    auto h = torch::embedding(embed, tokens);
    auto logits = torch::mm(h, proj);
    auto probs = torch::softmax(logits, 1);

    torch::Tensor next;
    switch (plan[t % plan.size()]) {
    case Strategy::Greedy:
      next = probs.argmax(1);
      break;
    case Strategy::Sample:
      next = torch::multinomial(probs, 1).squeeze(1);
      break;
    case Strategy::Gumbel: {
      auto u = torch::rand_like(logits).clamp(1e-6, 1.0 - 1e-6);
      auto noisy = logits - torch::log(-torch::log(u)) + 0.01 * torch::randn_like(logits);
      next = std::get<1>(noisy.topk(1, 1)).squeeze(1);
      break;
    }
    case Strategy::Explore:
      next = torch::randint_like(tokens, vocab);
      break;
    }

    auto rows = torch::arange(batch);
    auto cols = torch::full({batch}, t + 1, torch::kLong);
    history.index_put_({rows, cols}, next);
    scores.index_put_({rows, cols}, probs.gather(1, next.unsqueeze(1)).squeeze(1));

    if (t % 2 == 1) {
      // Forbid repeating the previous token on odd steps: mask it out.
      auto same = torch::eq(next, tokens);
      if (same.any().item<bool>()) {
        auto fallback = torch::argsort(probs, 1, /*descending=*/true).select(1, 1);
        next = torch::where(same, fallback, next);
        history.index_put_({rows, cols}, next);
      }
    }
    tokens = next;
  }

  if (history.scalar_type() != torch::kLong)
    return 1;
  if (history.min().item<int64_t>() < 0 || history.max().item<int64_t>() >= vocab)
    return 1;
  auto used = torch::bincount(history.flatten(), {}, vocab);
  if (used.sum().item<int64_t>() != batch * (steps + 1))
    return 1;
  return scores.slice(1, 1).gt(0).all().item<bool>() ? 0 : 1;
}
