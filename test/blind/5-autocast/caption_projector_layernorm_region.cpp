// scenario: caption projector maps vision features through a Linear and straight into a LayerNorm under CPU bf16 autocast; layer_norm is not on 1.13's CPU list and gets bf16 input with float32 gamma/beta
// tier: 5
// family: autocast-unsafe-op
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct ProjectorOptions {
  int64_t vision_dim = 48;
  int64_t text_dim = 32;
  int64_t prefix_len = 4;
};

class CaptionProjectorImpl : public torch::nn::Module {
 public:
  explicit CaptionProjectorImpl(const ProjectorOptions& o) : opts_(o) {
    up_ = register_module("up", torch::nn::Linear(o.vision_dim, o.text_dim * o.prefix_len));
    norm_ = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({o.text_dim})));
  }

  torch::Tensor forward(const torch::Tensor& vision) {
    auto prefix = up_(vision).view({vision.size(0), opts_.prefix_len, opts_.text_dim});
    return norm_(prefix); // BUG
  }

 private:
  ProjectorOptions opts_;
  torch::nn::Linear up_{nullptr};
  torch::nn::LayerNorm norm_{nullptr};
};
TORCH_MODULE(CaptionProjector);

int main() {
  torch::manual_seed(0);
  ProjectorOptions opts;
  CaptionProjector projector(opts);
  torch::optim::AdamW opt(projector->parameters(), torch::optim::AdamWOptions(1e-4));

  auto vision = torch::randn({3, opts.vision_dim});
  auto text_prefix = torch::randn({3, opts.prefix_len, opts.text_dim});

  at::autocast::set_cpu_enabled(true);
  auto prefix = projector->forward(vision);
  auto loss = torch::mse_loss(prefix, text_prefix);
  at::autocast::set_cpu_enabled(false);

  opt.zero_grad();
  loss.backward();
  opt.step();
  std::cout << "alignment loss " << loss.item<float>() << "\n";
  return 0;
}
