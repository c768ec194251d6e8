// scenario: knowledge-distillation step on a runtime-selected device with an annealed temperature kept as a host scalar tensor
// tier: 2
// family: device-mismatch
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

torch::nn::Sequential make_classifier(int64_t in, int64_t hidden, int64_t classes) {
  return torch::nn::Sequential(torch::nn::Linear(in, hidden), torch::nn::ReLU(),
                               torch::nn::Linear(hidden, classes));
}

int main() {
  torch::manual_seed(13);
  const int64_t features = 20, classes = 5, batch = 32;

  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available())
    device = torch::Device(torch::kCUDA, 0);

  auto teacher = make_classifier(features, 64, classes);
  auto student = make_classifier(features, 16, classes);
  teacher->to(device);
  student->to(device);
  teacher->eval();

  torch::optim::SGD optimizer(student->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));

  // annealed every 20 steps, floored at 1
  auto temperature = torch::tensor(4.0);
  const auto min_temperature = torch::tensor(1.0);
  const double alpha = 0.7;

  double first_loss = 0.0, last_loss = 0.0;
  for (int step = 0; step < 60; ++step) {
    auto inputs = torch::randn({batch, features});
    auto labels = inputs.narrow(1, 0, classes).argmax(1);
    if (device.is_cuda()) {
      inputs = inputs.to(device, /*non_blocking=*/true);
      labels = labels.to(device, /*non_blocking=*/true);
    }

    torch::Tensor teacher_logits;
    {
      torch::NoGradGuard no_grad;
      teacher_logits = teacher->forward(inputs);
    }
    auto student_logits = student->forward(inputs);

    auto soft_targets = F::softmax(teacher_logits / temperature, F::SoftmaxFuncOptions(1));
    auto soft_log_probs = F::log_softmax(student_logits / temperature, F::LogSoftmaxFuncOptions(1));
    auto distill = F::kl_div(soft_log_probs, soft_targets,
                             F::KLDivFuncOptions().reduction(torch::kBatchMean)) *
                   temperature * temperature;
    auto hard = F::cross_entropy(student_logits, labels);
    auto loss = alpha * distill + (1.0 - alpha) * hard;

    optimizer.zero_grad();
    loss.backward();
    optimizer.step();

    if (step % 20 == 19)
      temperature = torch::maximum(temperature * 0.8, min_temperature);

    last_loss = loss.item<double>();
    if (step == 0)
      first_loss = last_loss;
    if (step % 20 == 0)
      std::cout << "step " << step << " T=" << temperature.item<double>()
                << " loss=" << last_loss << "\n";
  }

  if (!std::isfinite(last_loss) || temperature.item<double>() >= 4.0)
    return 1;
  std::cout << "loss " << first_loss << " -> " << last_loss << "\n";
  return 0;
}
