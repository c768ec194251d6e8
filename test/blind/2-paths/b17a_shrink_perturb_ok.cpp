// scenario: warm-starting with shrink-and-perturb; the loops scale trainable weights by a float64 factor, round frozen ones through fp16 with copy_, and skip the integer BatchNorm counter
// tier: 2
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <iostream>
#include <set>
#include <string>

struct WarmStartConfig {
  double shrink = 0.4;
  double noise_std = 0.01;
  std::set<std::string> frozen_prefixes = {"stem."};
};

struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl() {
    stem = register_module("stem", torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 8, 3).padding(1)));
    bn = register_module("bn", torch::nn::BatchNorm2d(8));
    head = register_module("head", torch::nn::Linear(8, 10));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(bn(stem(x)));
    return head(x.mean({2, 3}));
  }
  torch::nn::Conv2d stem{nullptr};
  torch::nn::BatchNorm2d bn{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(Classifier);

bool is_frozen(const std::string &name, const WarmStartConfig &cfg) {
  for (const auto &prefix : cfg.frozen_prefixes)
    if (name.rfind(prefix, 0) == 0)
      return true;
  return false;
}

void shrink_and_perturb(Classifier &model, const WarmStartConfig &cfg) {
  torch::NoGradGuard no_grad;
  // The factor is computed in double from the schedule and kept as a tensor.
  auto factor = torch::tensor(cfg.shrink, torch::kFloat64);
  for (auto &item : model->named_parameters()) {
    auto &p = item.value();
    if (is_frozen(item.key(), cfg)) {
      p.set_requires_grad(false);
      p.copy_(p.to(torch::kHalf)); // frozen layers are shipped as fp16
      continue;
    }
    p.mul_(factor);
    p.add_(torch::randn_like(p), cfg.noise_std);
  }
  for (auto &item : model->named_buffers()) {
    auto &buf = item.value();
    if (!buf.is_floating_point()) {
      buf.zero_();
    } else if (item.key().find("running_var") != std::string::npos) {
      buf.fill_(1.0);
    } else {
      buf.mul_(factor);
    }
  }
}

int main() {
  torch::manual_seed(0);
  Classifier model;
  auto images = torch::randn({4, 1, 12, 12});
  auto labels = torch::randint(0, 10, {4});
  torch::nn::functional::cross_entropy(model->forward(images), labels).backward();

  WarmStartConfig cfg;
  shrink_and_perturb(model, cfg);

  torch::optim::SGD optim(model->parameters(), torch::optim::SGDOptions(0.05));
  optim.zero_grad();
  auto loss = torch::nn::functional::cross_entropy(model->forward(images), labels);
  loss.backward();
  optim.step();
  std::cout << "loss after warm start " << loss.item<double>() << "\n";
  return 0;
}
