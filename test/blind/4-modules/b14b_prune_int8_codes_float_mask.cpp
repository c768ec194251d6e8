// scenario: magnitude pruning walks a quantised model's buffers and multiplies the int8 weight codes by a float keep-mask
// tier: 4
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Char
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

// A linear layer whose weight is stored as symmetric int8 codes plus one
// float scale per output row, the way a post-training-quantised model is
// exported for a small device.
struct QLinearImpl : torch::nn::Module {
  QLinearImpl(torch::Tensor weight, torch::Tensor bias_) {
    auto scale_ = weight.abs().amax(1, /*keepdim=*/true).clamp_min(1e-8) / 127.0;
    auto q = torch::round(weight / scale_).clamp(-127, 127).to(torch::kInt8);
    codes = register_buffer("codes", q);
    scale = register_buffer("scale", scale_);
    bias = register_buffer("bias", bias_.clone());
  }

  torch::Tensor forward(torch::Tensor x) {
    auto w = codes.to(torch::kFloat) * scale;
    return torch::nn::functional::linear(x, w, bias);
  }

  torch::Tensor codes, scale, bias;
};
TORCH_MODULE(QLinear);

struct TinyQNetImpl : torch::nn::Module {
  TinyQNetImpl() {
    torch::nn::Linear a(6, 5), b(5, 2);
    l1 = register_module("l1", QLinear(a->weight.detach(), a->bias.detach()));
    l2 = register_module("l2", QLinear(b->weight.detach(), b->bias.detach()));
  }
  torch::Tensor forward(torch::Tensor x) { return l2(torch::relu(l1(x))); }
  QLinear l1{nullptr}, l2{nullptr};
};
TORCH_MODULE(TinyQNet);

// Keeps the largest `keep` fraction of each weight tensor; returns the mask
// (1 keeps, 0 prunes) in the dtype the scores were computed in.
torch::Tensor magnitude_mask(const torch::Tensor& weight, double keep) {
  auto scores = weight.abs().to(torch::kFloat).flatten();
  int64_t k = std::max<int64_t>(1, static_cast<int64_t>(keep * scores.numel()));
  auto threshold = std::get<0>(scores.topk(k)).min();
  return (weight.abs().to(torch::kFloat) >= threshold).to(torch::kFloat);
}

int64_t prune_weights(torch::nn::Module& model, double keep) {
  torch::NoGradGuard no_grad;
  int64_t zeroed = 0;
  for (auto& item : model.named_buffers()) {
    if (item.key().find("codes") == std::string::npos)
      continue;
    auto& codes = item.value();
    auto mask = magnitude_mask(codes, keep);
    codes.mul_(mask); // BUG
    zeroed += (codes == 0).sum().item<int64_t>();
  }
  return zeroed;
}

int main() {
  torch::manual_seed(0);
  TinyQNet net;
  auto before = net(torch::randn({3, 6}));
  int64_t zeroed = prune_weights(*net, 0.5);
  auto after = net(torch::randn({3, 6}));
  std::cout << "pruned " << zeroed << " codes, output " << after.sizes() << " vs " << before.sizes() << "\n";
  return 0;
}
