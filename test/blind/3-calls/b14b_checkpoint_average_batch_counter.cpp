// scenario: averages the state (parameters and buffers) of the last few checkpoints; the BatchNorm int64 batch counter is summed and divided in place
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>
#include <vector>

using StateMap = std::map<std::string, torch::Tensor>;

struct ConvNetImpl : torch::nn::Module {
  ConvNetImpl()
      : conv(register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 4, 3).padding(1)))),
        bn(register_module("bn", torch::nn::BatchNorm2d(4))),
        fc(register_module("fc", torch::nn::Linear(4, 2))) {}
  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(bn(conv(x)));
    return fc(x.mean({2, 3}));
  }
  torch::nn::Conv2d conv;
  torch::nn::BatchNorm2d bn;
  torch::nn::Linear fc;
};
TORCH_MODULE(ConvNet);

// What a checkpoint writer would serialise: every parameter and buffer.
StateMap snapshot(torch::nn::Module& model) {
  StateMap state;
  for (auto& item : model.named_parameters())
    state[item.key()] = item.value().detach().clone();
  for (auto& item : model.named_buffers())
    state[item.key()] = item.value().detach().clone();
  return state;
}

void accumulate(StateMap& sum, const StateMap& state) {
  for (const auto& kv : state) {
    auto it = sum.find(kv.first);
    if (it == sum.end())
      sum.emplace(kv.first, torch::zeros_like(kv.second)).first->second.add_(kv.second);
    else
      it->second.add_(kv.second);
  }
}

void divide_all(StateMap& sum, int64_t count) {
  for (auto& kv : sum)
    kv.second.div_(count); // BUG
}

StateMap average_checkpoints(const std::vector<StateMap>& checkpoints) {
  StateMap sum;
  for (const auto& ckpt : checkpoints)
    accumulate(sum, ckpt);
  divide_all(sum, static_cast<int64_t>(checkpoints.size()));
  return sum;
}

int main() {
  torch::manual_seed(0);
  ConvNet model;
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1));
  std::vector<StateMap> kept;

  for (int epoch = 0; epoch < 4; ++epoch) {
    auto x = torch::randn({4, 1, 5, 5});
    auto y = torch::randint(0, 2, {4});
    auto loss = torch::nn::functional::cross_entropy(model(x), y);
    opt.zero_grad();
    loss.backward();
    opt.step();
    if (epoch >= 1)
      kept.push_back(snapshot(*model));
  }

  StateMap averaged = average_checkpoints(kept);
  torch::NoGradGuard no_grad;
  for (auto& item : model->named_parameters())
    item.value().copy_(averaged.at(item.key()));
  std::cout << "averaged " << kept.size() << " checkpoints\n";
  return 0;
}
