// scenario: keeps an exponential-moving-average copy of a conv/BatchNorm classifier; parameters and floating buffers are blended with mul_/add_, BatchNorm's int64 num_batches_tracked (non-floating) is copied instead
// tier: 4
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct TinyNetImpl : torch::nn::Module {
  torch::nn::Conv2d conv{nullptr};
  torch::nn::BatchNorm2d bn{nullptr};
  torch::nn::Linear head{nullptr};
  TinyNetImpl() {
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 4, 3).padding(1)));
    bn = register_module("bn", torch::nn::BatchNorm2d(4));
    head = register_module("head", torch::nn::Linear(4, 3));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(bn->forward(conv->forward(x)));
    return head->forward(x.mean({2, 3}));
  }
};
TORCH_MODULE(TinyNet);

static void update_ema(TinyNet &ema, TinyNet &model, double decay) {
  torch::NoGradGuard no_grad;
  auto ema_params = ema->named_parameters();
  for (const auto &item : model->named_parameters())
    ema_params[item.key()].mul_(decay).add_(item.value(), 1.0 - decay);

  auto ema_buffers = ema->named_buffers();
  for (const auto &item : model->named_buffers()) {
    auto &shadow = ema_buffers[item.key()];
    if (item.value().is_floating_point())
      shadow.mul_(decay).add_(item.value(), 1.0 - decay);
    else
      shadow.copy_(item.value());
  }
}

int main() {
  torch::manual_seed(17);
  TinyNet model, ema;
  {
    torch::NoGradGuard no_grad;
    auto src = model->named_parameters();
    for (auto &item : ema->named_parameters())
      item.value().copy_(src[item.key()]);
  }
  torch::optim::SGD opt(model->parameters(), 0.05);

  for (int step = 0; step < 5; ++step) {
    auto images = torch::randint(0, 256, {8, 1, 6, 6}, torch::kByte).to(torch::kFloat).div(255);
    auto labels = torch::randint(0, 3, {8}, torch::kLong);
    opt.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(model->forward(images), labels);
    loss.backward();
    opt.step();
    update_ema(ema, model, 0.9);
  }

  auto tracked = ema->named_buffers()["bn.num_batches_tracked"];
  ema->eval();
  auto out = ema->forward(torch::rand({2, 1, 6, 6}));
  std::cout << "ema tracked " << tracked.item<int64_t>() << " (" << tracked.dtype() << ") out "
            << out.sizes() << "\n";
  return tracked.item<int64_t>() == 5 && tracked.scalar_type() == torch::kLong ? 0 : 1;
}
