// scenario: regressor built in float64 by a factory; its forward casts whatever it is given to its weights' dtype
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <string>

struct RegressorImpl : torch::nn::Module {
  RegressorImpl(int64_t inDim, int64_t hidden)
      : fc1(register_module("fc1", torch::nn::Linear(inDim, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, 1))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = x.to(fc1->weight.scalar_type());
    return fc2->forward(torch::tanh(fc1->forward(x))).squeeze(1);
  }

  torch::nn::Linear fc1;
  torch::nn::Linear fc2;
};
TORCH_MODULE(Regressor);

struct ModelSpec {
  int64_t inDim;
  int64_t hidden;
  bool doublePrecision;
};

Regressor makeModel(const ModelSpec &spec) {
  Regressor model(spec.inDim, spec.hidden);
  if (spec.doublePrecision)
    model->to(torch::kFloat64);
  return model;
}

int main() {
  const ModelSpec spec{5, 16, true};
  torch::manual_seed(43);
  Regressor model = makeModel(spec);

  auto inputs = torch::randn({256, spec.inDim});
  auto targets = (inputs * torch::arange(1, spec.inDim + 1)).sum(1) / 10.0;

  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-2));
  for (int epoch = 0; epoch < 30; ++epoch) {
    optimizer.zero_grad();
    auto prediction = model->forward(inputs);
    auto loss = torch::mse_loss(prediction, targets.to(prediction.scalar_type()));
    loss.backward();
    optimizer.step();
    if (epoch % 10 == 0)
      std::cout << "epoch " << epoch << " loss " << loss.item<double>() << " ("
                << prediction.dtype() << ")\n";
  }
  return 0;
}
