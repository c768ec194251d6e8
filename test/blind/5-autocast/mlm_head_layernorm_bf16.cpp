// scenario: masked-token prediction head (dense, gelu, LayerNorm, decoder) evaluated under CPU autocast with bfloat16
// tier: 5
// family: autocast-unsafe-op
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct PredictionHeadImpl : torch::nn::Module {
  PredictionHeadImpl(int64_t hidden, int64_t vocab)
      : dense(register_module("dense", torch::nn::Linear(hidden, hidden))),
        norm(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({hidden}).eps(1e-12)))),
        decoder(register_module("decoder", torch::nn::Linear(hidden, vocab))) {}

  torch::Tensor forward(const torch::Tensor& hidden_states) {
    auto h = torch::gelu(dense(hidden_states));
    h = norm(h); // BUG
    return decoder(h);
  }

  torch::nn::Linear dense;
  torch::nn::LayerNorm norm;
  torch::nn::Linear decoder;
};
TORCH_MODULE(PredictionHead);

struct CpuAutocast {
  explicit CpuAutocast(at::ScalarType dtype) {
    prev_enabled = at::autocast::is_cpu_enabled();
    prev_dtype = at::autocast::get_autocast_cpu_dtype();
    at::autocast::set_cpu_enabled(true);
    at::autocast::set_autocast_cpu_dtype(dtype);
    at::autocast::increment_nesting();
  }
  ~CpuAutocast() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(prev_enabled);
    at::autocast::set_autocast_cpu_dtype(prev_dtype);
  }
  bool prev_enabled;
  at::ScalarType prev_dtype;
};

int main() {
  torch::manual_seed(19);
  const int64_t batch = 4, seq = 16, hidden = 32, vocab = 100;

  PredictionHead head(hidden, vocab);
  head->eval();
  auto hidden_states = torch::randn({batch, seq, hidden});
  auto masked = torch::rand({batch, seq}) < 0.15;
  auto labels = torch::randint(0, vocab, {batch, seq});

  torch::NoGradGuard no_grad;
  CpuAutocast autocast(at::kBFloat16);
  auto logits = head->forward(hidden_states.index({masked}));
  auto loss = torch::nn::functional::cross_entropy(logits, labels.index({masked}));
  std::cout << "masked tokens " << masked.sum().item<int64_t>() << " mlm loss " << loss.item<double>() << "\n";
  return 0;
}
