// scenario: decoding sampler choosing greedy, top-k or nucleus sampling per step, with int32 token ids and double random draws
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <limits>
#include <vector>

namespace F = torch::nn::functional;

enum class Strategy { Greedy, TopK, Nucleus };

int main() {
  torch::manual_seed(21);
  const int64_t vocab = 50, dim = 12, steps = 9;
  torch::Tensor embed = torch::randn({vocab, dim});
  torch::Tensor out_proj = torch::randn({dim, vocab}) * 0.3;

  // Generated ids are kept in int32 like the serving layer stores them.
  std::vector<int32_t> generated = {3};
  torch::Tensor repeat_counts = torch::zeros({vocab}, torch::kLong);
  torch::Tensor entropy_sum = torch::zeros({});

  for (int64_t step = 0; step < steps; ++step) {
    Strategy strategy = step % 3 == 0 ? Strategy::Greedy
                        : step % 3 == 1 ? Strategy::TopK : Strategy::Nucleus;

    torch::Tensor ids = torch::from_blob(generated.data(),
                                         {static_cast<int64_t>(generated.size())}, torch::kInt);
    torch::Tensor context = embed.index_select(0, ids).mean(0);
    torch::Tensor logits = torch::matmul(context, out_proj);

    // Repetition penalty from the counts.
    logits = logits - 0.5 * repeat_counts;
    entropy_sum += torch::special::entr(torch::softmax(logits, 0)).sum();

    int64_t next = 0;
    switch (strategy) {
    case Strategy::Greedy:
      next = logits.argmax().item<int64_t>();
      break;
    case Strategy::TopK: {
      auto topk = torch::topk(logits, 5);
      torch::Tensor top_logits = std::get<0>(topk);
      torch::Tensor top_ids = std::get<1>(topk);
      torch::Tensor choice = F::gumbel_softmax(top_logits, F::GumbelSoftmaxFuncOptions().tau(0.7).hard(true));
      next = top_ids.gather(0, choice.argmax().unsqueeze(0)).item<int64_t>();
      break;
    }
    case Strategy::Nucleus: {
      auto sorted = torch::sort(torch::softmax(logits, 0), 0, /*descending=*/true);
      torch::Tensor probs = std::get<0>(sorted);
      torch::Tensor order = std::get<1>(sorted);
      torch::Tensor cumulative = probs.cumsum(0);
      torch::Tensor keep = cumulative - probs < 0.9;
      torch::Tensor kept = torch::where(keep, probs, torch::zeros_like(probs));
      torch::Tensor cdf = (kept / kept.sum()).cumsum(0);
      torch::Tensor draw = torch::rand({1}, torch::kDouble);
      torch::Tensor pos = torch::searchsorted(cdf, draw).clamp_(0, vocab - 1);
      next = order.index_select(0, pos).item<int64_t>();
      break;
    }
    }

    repeat_counts[next] += 1;
    generated.push_back(static_cast<int32_t>(next));
  }

  // Cap the repeat counts before they are logged.
  repeat_counts.masked_fill_(repeat_counts > 2, 2.0);
  std::cout << "generated " << generated.size() << " tokens, max repeats "
            << repeat_counts.max().item<int64_t>() << ", mean entropy "
            << (entropy_sum / steps).item<float>() << "\n";
  return 0;
}
