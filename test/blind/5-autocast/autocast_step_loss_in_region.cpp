// scenario: bfloat16 CPU autocast training step; the loss, concatenation with float32 metadata and a running feature mean are computed from the region's bf16 activations
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct TabularNetImpl : torch::nn::Module {
  TabularNetImpl(int64_t in_dim, int64_t meta_dim, int64_t classes)
      : encoder(register_module("encoder", torch::nn::Linear(in_dim, 32))),
        classifier(register_module("classifier", torch::nn::Linear(32 + meta_dim, classes))) {}

  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& meta) {
    auto h = torch::relu(encoder(x));
    last_hidden = h.detach();
    auto joined = torch::cat({h, meta}, 1);
    return classifier(joined);
  }

  torch::nn::Linear encoder;
  torch::nn::Linear classifier;
  torch::Tensor last_hidden;
};
TORCH_MODULE(TabularNet);

int main() {
  torch::manual_seed(22);
  const int64_t in_dim = 20, meta_dim = 4, classes = 3;

  TabularNet model(in_dim, meta_dim, classes);
  torch::optim::AdamW optimizer(model->parameters(), torch::optim::AdamWOptions(1e-3));
  auto running_hidden = torch::zeros({32});

  for (int step = 0; step < 5; ++step) {
    auto x = torch::randn({16, in_dim});
    auto meta = torch::rand({16, meta_dim});
    auto y = torch::randint(0, classes, {16});

    optimizer.zero_grad();
    at::autocast::set_cpu_enabled(true);
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    auto logits = model->forward(x, meta);
    auto loss = torch::nn::functional::cross_entropy(logits, y);
    running_hidden.mul_(0.9).add_(model->last_hidden.mean(0), 0.1);
    at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(false);

    loss.backward();
    optimizer.step();
    auto probs = torch::softmax(logits.detach(), 1);
    std::cout << "step " << step << " loss " << loss.item<double>() << " (" << loss.scalar_type()
              << ") logits " << logits.scalar_type() << " probs " << probs.scalar_type() << "\n";
  }
  std::cout << "running hidden norm " << running_hidden.norm().item<double>() << "\n";
  return 0;
}
