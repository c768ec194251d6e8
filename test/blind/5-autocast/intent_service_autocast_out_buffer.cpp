// scenario: an intent-detection service runs its encoder under an RAII CPU-autocast guard and writes softmax into a preallocated float32 response buffer with softmax_out
// tier: 5
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype c10::BFloat16, but got float instead
#include <ATen/autocast_mode.h>
#include <torch/torch.h>

#include <iostream>
#include <vector>

class CpuAutocastScope {
public:
  explicit CpuAutocastScope(bool enabled, at::ScalarType dtype = at::kBFloat16)
      : was_enabled_(at::autocast::is_cpu_enabled()),
        previous_dtype_(at::autocast::get_autocast_cpu_dtype()) {
    at::autocast::set_cpu_enabled(enabled);
    at::autocast::set_autocast_cpu_dtype(dtype);
    at::autocast::increment_nesting();
  }
  ~CpuAutocastScope() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(was_enabled_);
    at::autocast::set_autocast_cpu_dtype(previous_dtype_);
  }

private:
  bool was_enabled_;
  at::ScalarType previous_dtype_;
};

class IntentService {
public:
  IntentService(int64_t vocab, int64_t num_intents, int64_t max_batch)
      : embed_(vocab, 64), encoder_(64, 64), classifier_(64, num_intents),
        probs_buffer_(torch::empty({max_batch, num_intents})) {}

  const torch::Tensor &handle(const torch::Tensor &token_ids, bool low_precision) {
    torch::NoGradGuard no_grad;
    torch::Tensor logits;
    {
      CpuAutocastScope amp(low_precision);
      auto pooled = embed_(token_ids).mean(/*dim=*/1);
      auto hidden = torch::gelu(encoder_(pooled));
      logits = classifier_(hidden);
    }
    auto out = probs_buffer_.narrow(0, 0, token_ids.size(0));
    torch::softmax_out(out, logits, /*dim=*/1);  // BUG
    return probs_buffer_;
  }

private:
  torch::nn::Embedding embed_;
  torch::nn::Linear encoder_, classifier_;
  torch::Tensor probs_buffer_;
};

int main() {
  const int64_t vocab = 8000, num_intents = 20, max_batch = 32;
  IntentService service(vocab, num_intents, max_batch);
  std::vector<torch::Tensor> requests = {torch::randint(0, vocab, {4, 12}),
                                         torch::randint(0, vocab, {9, 12})};
  for (const auto &ids : requests) {
    const auto &probs = service.handle(ids, /*low_precision=*/true);
    auto top = probs.narrow(0, 0, ids.size(0)).argmax(1);
    std::cout << "served " << ids.size(0) << " utterances, first intent "
              << top[0].item<int64_t>() << "\n";
  }
  return 0;
}
