// scenario: a greedy decoder keeps its per-step workspace as a std::tuple of preallocated buffers and fills them with max_out and sum_out; the index buffer is int64 and the float64 log-prob total can hold a float32 sum
// tier: 1
// family: out-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <tuple>

int main() {
  torch::manual_seed(53);
  const int64_t batch = 3, hidden = 8, vocab = 11, eos_id = 0;
  torch::Tensor proj = torch::randn({hidden, vocab}) * 0.3;
  torch::Tensor embed = torch::randn({vocab, hidden}) * 0.2;
  torch::Tensor state = torch::randn({batch, hidden});

  // (best log-prob, best token, running total) reused across steps
  auto workspace = std::make_tuple(torch::empty({batch}), torch::empty({batch}, torch::kLong),
                                   torch::zeros({batch}, torch::kFloat64));
  torch::Tensor& best_logp = std::get<0>(workspace);
  torch::Tensor& best_token = std::get<1>(workspace);
  torch::Tensor& running = std::get<2>(workspace);
  torch::Tensor step_total = torch::empty({}, torch::kFloat64);

  // step 1
  torch::Tensor log_probs = torch::log_softmax(torch::mm(state, proj), -1);
  torch::max_out(best_logp, best_token, log_probs, /*dim=*/1);
  running += best_logp;
  torch::Tensor first_tokens = best_token.clone();
  state = torch::tanh(state + embed.index_select(0, best_token));

  // step 2 reuses the same buffers
  log_probs = torch::log_softmax(torch::mm(state, proj), -1);
  torch::max_out(best_logp, best_token, log_probs, /*dim=*/1);
  running += best_logp;
  torch::sum_out(step_total, best_logp, /*dim=*/{0});
  torch::Tensor finished = best_token.eq(eos_id);

  std::cout << "step1 " << first_tokens << "\nstep2 " << best_token << "\nfinished " << finished
            << "\nstep2 total " << step_total.item<double>() << " running " << running << "\n";
  return 0;
}
