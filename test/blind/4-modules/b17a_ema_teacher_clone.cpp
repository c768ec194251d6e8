// scenario: self-distillation; the EMA teacher is a clone() of the student converted to float64 for drift-free averaging, then fed the float32 batch
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>

#include <iostream>
#include <memory>

struct ProjectorOptions {
  int64_t in_dim = 16;
  int64_t hidden_dim = 32;
  int64_t out_dim = 8;
};

// Cloneable so that the teacher can be made by deep-copying the student.
struct ProjectorImpl : torch::nn::Cloneable<ProjectorImpl> {
  explicit ProjectorImpl(const ProjectorOptions &opts) : opts_(opts) { reset(); }

  void reset() override {
    fc1 = register_module("fc1", torch::nn::Linear(opts_.in_dim, opts_.hidden_dim));
    fc2 = register_module("fc2", torch::nn::Linear(opts_.hidden_dim, opts_.out_dim));
  }

  torch::Tensor forward(torch::Tensor x) {
    auto h = torch::gelu(fc1(x)); // BUG
    return torch::nn::functional::normalize(
        fc2(h), torch::nn::functional::NormalizeFuncOptions().dim(1));
  }

  ProjectorOptions opts_;
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
};
TORCH_MODULE(Projector);

// The teacher keeps its running average in double precision so that a
// momentum of 0.996 does not lose the student's small updates to rounding.
Projector make_teacher(const Projector &student) {
  auto copy = std::dynamic_pointer_cast<ProjectorImpl>(student->clone());
  Projector teacher(copy);
  teacher->to(torch::kFloat64);
  for (auto &p : teacher->parameters())
    p.set_requires_grad(false);
  return teacher;
}

void ema_update(Projector &teacher, const Projector &student, double momentum) {
  torch::NoGradGuard no_grad;
  auto src = student->named_parameters();
  for (auto &item : teacher->named_parameters()) {
    auto &t = item.value();
    t.mul_(momentum).add_(src[item.key()].detach(), 1.0 - momentum);
  }
}

torch::Tensor distillation_loss(const torch::Tensor &student_out,
                                const torch::Tensor &teacher_out, double temp) {
  auto targets = torch::softmax(teacher_out / temp, 1).to(student_out.scalar_type());
  auto log_probs = torch::log_softmax(student_out / temp, 1);
  return -(targets * log_probs).sum(1).mean();
}

int main() {
  torch::manual_seed(0);
  ProjectorOptions opts;
  Projector student(opts);
  Projector teacher = make_teacher(student);
  torch::optim::SGD optim(student->parameters(), torch::optim::SGDOptions(0.05));

  for (int step = 0; step < 3; ++step) {
    auto view_a = torch::randn({4, opts.in_dim});
    auto view_b = view_a + 0.1 * torch::randn_like(view_a);

    auto s_out = student->forward(view_a);
    torch::Tensor t_out;
    {
      torch::NoGradGuard no_grad;
      t_out = teacher->forward(view_b);
    }
    auto loss = distillation_loss(s_out, t_out, 0.1);
    optim.zero_grad();
    loss.backward();
    optim.step();
    ema_update(teacher, student, 0.996);
    std::cout << "step " << step << " loss " << loss.item<double>() << "\n";
  }
  return 0;
}
