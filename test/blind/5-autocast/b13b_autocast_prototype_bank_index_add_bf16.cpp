// scenario: few-shot classifier building class prototypes: support embeddings are computed under CPU bfloat16 autocast and summed per class into a float32 prototype bank
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Float) and source (BFloat16) must have the same scalar type
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

namespace {

class CpuAutocast {
public:
  explicit CpuAutocast(at::ScalarType dtype)
      : prev_enabled_(at::autocast::is_cpu_enabled()),
        prev_dtype_(at::autocast::get_autocast_cpu_dtype()) {
    at::autocast::set_autocast_cpu_dtype(dtype);
    at::autocast::set_cpu_enabled(true);
  }
  ~CpuAutocast() {
    at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(prev_enabled_);
    at::autocast::set_autocast_cpu_dtype(prev_dtype_);
  }

private:
  bool prev_enabled_;
  at::ScalarType prev_dtype_;
};

struct EmbedderImpl : torch::nn::Module {
  EmbedderImpl(int64_t in, int64_t dim)
      : proj(register_module("proj", torch::nn::Linear(in, dim))) {}
  torch::Tensor forward(const torch::Tensor &x) { return torch::relu(proj->forward(x)); }
  torch::nn::Linear proj;
};
TORCH_MODULE(Embedder);

struct PrototypeBank {
  PrototypeBank(int64_t classes, int64_t dim)
      : sums(torch::zeros({classes, dim})), counts(torch::zeros({classes})) {}

  void add(const torch::Tensor &emb, const torch::Tensor &labels) {
    sums.index_add_(0, labels, emb); // BUG
    counts.index_add_(0, labels, torch::ones({labels.size(0)}));
  }
  torch::Tensor prototypes() const { return sums / counts.clamp_min(1).unsqueeze(1); }

  torch::Tensor sums, counts;
};

} // namespace

int main() {
  torch::manual_seed(8);
  const int64_t in = 12, dim = 6, classes = 3, shots = 4;
  Embedder embedder(in, dim);
  embedder->eval();
  PrototypeBank bank(classes, dim);

  auto support = torch::randn({classes * shots, in});
  auto labels = torch::arange(classes).repeat_interleave(shots);
  {
    torch::NoGradGuard no_grad;
    CpuAutocast autocast(at::kBFloat16);
    auto emb = embedder->forward(support);
    bank.add(emb, labels);
  }

  auto query = torch::randn({5, in});
  auto q = embedder->forward(query);
  auto pred = torch::cdist(q, bank.prototypes()).argmin(1);
  std::cout << pred << "\n";
  return 0;
}
