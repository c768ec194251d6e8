// scenario: bf16 CPU autocast evaluation of a multi-label toxicity classifier with a float32 LayerNorm
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: cpu-1.13.1
#include <ATen/autocast_mode.h>
#include <torch/torch.h>
#include <iostream>

namespace nn = torch::nn;

// Enables CPU autocast for a scope and restores the previous state on exit.
class CpuAutocast {
public:
  explicit CpuAutocast(at::ScalarType dtype = at::kBFloat16)
      : prev_enabled_(at::autocast::is_cpu_enabled()),
        prev_dtype_(at::autocast::get_autocast_cpu_dtype()) {
    at::autocast::set_autocast_cpu_dtype(dtype);
    at::autocast::set_cpu_enabled(true);
    at::autocast::increment_nesting();
  }
  ~CpuAutocast() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(prev_enabled_);
    at::autocast::set_autocast_cpu_dtype(prev_dtype_);
  }

private:
  bool prev_enabled_;
  at::ScalarType prev_dtype_;
};

struct ToxicityNetImpl : nn::Module {
  ToxicityNetImpl(int64_t in_dim, int64_t hidden, int64_t labels) {
    encoder = register_module("encoder", nn::Linear(in_dim, hidden));
    norm = register_module("norm", nn::LayerNorm(nn::LayerNormOptions({hidden})));
    head = register_module("head", nn::Linear(hidden, labels));
  }
  torch::Tensor forward(const torch::Tensor &x) {
    auto h = torch::gelu(encoder(x));
    h = norm(h.to(torch::kFloat));
    return head(h);
  }
  nn::Linear encoder{nullptr}, head{nullptr};
  nn::LayerNorm norm{nullptr};
};
TORCH_MODULE(ToxicityNet);

int main() {
  torch::manual_seed(31);
  const int64_t batch = 32, in_dim = 48, num_labels = 6;
  ToxicityNet model(in_dim, 64, num_labels);
  model->eval();

  auto features = torch::randn({batch, in_dim});
  auto targets = torch::rand({batch, num_labels}).lt(0.3).to(torch::kFloat);
  auto label_prior = torch::full({num_labels}, 0.3f);

  torch::Tensor probs, loss, agreement;
  {
    torch::NoGradGuard no_grad;
    CpuAutocast autocast;
    auto logits = model->forward(features);
    probs = torch::sigmoid(logits);
    loss = torch::binary_cross_entropy(probs, targets);

    auto mean_prob = probs.mean(0).to(torch::kFloat);
    agreement = torch::dot(mean_prob, label_prior) /
                (mean_prob.norm() * label_prior.norm());
  }

  auto predicted = probs.to(torch::kFloat).gt(0.5);
  auto accuracy = (predicted == targets.to(torch::kBool)).to(torch::kFloat).mean();

  std::cout << "probs dtype " << probs.dtype() << " loss dtype " << loss.dtype() << "\n";
  std::cout << "bce " << loss.item<float>() << " accuracy " << accuracy.item<float>()
            << " prior agreement " << agreement.item<float>() << "\n";
  std::cout << "autocast restored " << std::boolalpha << !at::autocast::is_cpu_enabled() << "\n";
  return !at::autocast::is_cpu_enabled() && loss.isfinite().item<bool>() ? 0 : 1;
}
