// scenario: a feature extractor writes float32 projections into a preallocated float32 buffer with mm_out while CPU autocast is on; out= variants are not autocast, so the product stays float32
// tier: 5
// family: out-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

class ProjectionWorkspace {
 public:
  ProjectionWorkspace(int64_t max_rows, int64_t in, int64_t out)
      : basis_(torch::randn({in, out}) / std::sqrt(double(in))),
        buffer_(torch::empty({max_rows, out})) {}

  torch::Tensor project(const torch::Tensor &x) {
    auto out = buffer_.narrow(0, 0, x.size(0));
    torch::mm_out(out, x, basis_);
    return out;
  }

 private:
  torch::Tensor basis_;
  torch::Tensor buffer_;
};

int main() {
  torch::manual_seed(0);
  torch::NoGradGuard no_grad;
  torch::nn::Linear classifier(16, 3);
  ProjectionWorkspace ws(256, 64, 16);

  at::autocast::set_cpu_enabled(true);
  for (int64_t rows : {32, 128}) {
    auto feats = ws.project(torch::randn({rows, 64}));
    auto logits = classifier(feats);
    std::cout << rows << " rows -> logits " << logits.sizes() << "\n";
  }
  at::autocast::set_cpu_enabled(false);
  return 0;
}
