// Example LibTorch program: trains a small regressor, runs a TorchScript model
// for inference, and has the GPU / Apple-silicon paths a real program would.
#include "model.h"

#include <torch/script.h>
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

namespace {

float train_step(Regressor &model, torch::optim::Optimizer &optimizer,
                 const torch::Tensor &x, const torch::Tensor &y) {
  model->train();
  optimizer.zero_grad();
  auto prediction = model->forward(x);
  auto loss = torch::mse_loss(prediction, y);
  loss.backward();
  optimizer.step();
  return loss.item<float>();
}

// Random-feature augmentation: the projection matrix is stored in float16.
torch::Tensor augment(int64_t n, int64_t in_features) {
  auto features = torch::randn({n, in_features});
  auto projection = torch::randn({in_features, in_features}).to(torch::kHalf);

  auto mixed = torch::matmul(features, projection); // BUG(torchdtype-mixed-precision)
  auto projected = torch::matmul(features, projection.to(torch::kFloat)); // OK
  (void)mixed;
  return torch::cat({features, projected}, /*dim=*/1);
}

// Evaluation on a CUDA device.
torch::Tensor evaluate_on_gpu(int64_t in_features) {
  Regressor model(in_features, 32, 1);
  model->to(torch::kCUDA);
  model->eval();
  torch::NoGradGuard no_grad;

  auto batch = torch::randn({16, in_features});
  auto wrong = model->forward(batch); // BUG(torchdtype-device-mismatch)
  auto right = model->forward(batch.to(torch::kCUDA)); // OK
  (void)wrong;
  return right.cpu();
}

// Normalisation statistics kept in float64, used on Apple silicon.
torch::Tensor normalize_on_mps(const torch::Tensor &images) {
  auto mean = torch::full({3}, 0.5, torch::kDouble);
  auto mean_mps = mean.to(torch::Device("mps")); // BUG(torchdtype-mps-float64)
  auto mean_ok = mean.to(torch::Device("mps"), torch::kFloat); // OK
  (void)mean_mps;
  return images.to(torch::Device("mps")) - mean_ok.view({1, 3, 1, 1});
}

// Inference with a TorchScript model exported from Python.
torch::Tensor run_scripted(const std::string &path, int64_t in_features) {
  torch::jit::script::Module scripted = torch::jit::load(path);
  scripted.eval();
  torch::NoGradGuard no_grad;
  std::vector<torch::jit::IValue> inputs{torch::randn({4, in_features})};
  return scripted.forward(inputs).toTensor();
}

} // namespace

int main(int argc, char **argv) {
  const int64_t in_features = 8;
  torch::manual_seed(0);

  auto [x, y] = make_dataset(256, in_features);
  Regressor model(in_features, 32, 1);
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.05));
  for (int epoch = 0; epoch < 20; ++epoch) {
    float loss = train_step(model, optimizer, x, y);
    if (epoch % 5 == 0)
      std::cout << "epoch " << epoch << " loss " << loss << "\n";
  }

  std::string mode = argc > 1 ? argv[1] : "train";
  try {
    if (mode == "augment")
      std::cout << augment(4, in_features).sizes() << "\n";
    else if (mode == "prototypes")
      std::cout << prototype_scores(4, in_features, 10).sizes() << "\n";
    else if (mode == "autocast")
      std::cout << autocast_head(4, in_features, 3).sizes() << "\n";
    else if (mode == "cuda")
      std::cout << evaluate_on_gpu(in_features) << "\n";
    else if (mode == "mps")
      std::cout << normalize_on_mps(torch::rand({2, 3, 4, 4})).sizes() << "\n";
    else if (mode == "script" && argc > 2)
      std::cout << run_scripted(argv[2], in_features) << "\n";
  } catch (const c10::Error &e) {
    std::cerr << mode << ": " << e.what_without_backtrace() << "\n";
    return 1;
  }
  return 0;
}
